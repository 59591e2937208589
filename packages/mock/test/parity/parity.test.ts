import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from './harness.js';
import { foundationScenarios } from './scenarios/foundation.js';
import { messageScenarios } from './scenarios/messages.js';
import { narrowScenarios } from './scenarios/narrows.js';
import { presenceScenarios } from './scenarios/presence.js';
import { userGroupScenarios } from './scenarios/user-groups.js';
import { settingsScenarios } from './scenarios/settings.js';
import { userScenarios } from './scenarios/users.js';
import { createMockTarget, startServerTarget } from './targets.js';

/**
 * One set of scenarios, run against the reference server over real HTTP (real lowdb file,
 * loopback port) and against the MSW mock; both must behave the same and give the same
 * responses. Every area adds its scenarios to this list.
 */
const scenarios: Scenario[] = [...foundationScenarios, ...messageScenarios, ...narrowScenarios, ...presenceScenarios, ...userGroupScenarios, ...userScenarios, ...settingsScenarios];

const results = { server: new Map<string, unknown>(), mock: new Map<string, unknown>() };

describe('parity: reference server over HTTP', () => {
  for (const s of scenarios) {
    it(s.name, async () => {
      const target = await startServerTarget(s.config);
      try {
        results.server.set(s.name, await s.run(target.ctx));
      } finally {
        await target.close();
      }
    });
  }
});

describe('parity: MSW mock', () => {
  let target: Awaited<ReturnType<typeof createMockTarget>>;
  beforeAll(async () => {
    target = await createMockTarget();
    target.server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => target.server.close());
  for (const s of scenarios) {
    it(s.name, async () => {
      results.mock.set(s.name, await s.run(target.context(s.config)));
    });
  }
});

describe('parity: same responses', () => {
  for (const s of scenarios) {
    it(s.name, () => {
      expect(results.server.has(s.name), 'the scenario passed on the server').toBe(true);
      expect(results.mock.has(s.name), 'the scenario passed on the mock').toBe(true);
      expect(results.mock.get(s.name)).toEqual(results.server.get(s.name));
    });
  }
});
