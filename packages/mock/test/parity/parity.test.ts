import { setupServer } from 'msw/node';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from './harness.js';
import { attachmentScenarios } from './scenarios/attachments.js';
import { channelScenarios } from './scenarios/channels.js';
import { foundationScenarios } from './scenarios/foundation.js';
import { messageScenarios } from './scenarios/messages.js';
import { narrowScenarios } from './scenarios/narrows.js';
import { presenceScenarios } from './scenarios/presence.js';
import { realmConfigScenarios } from './scenarios/realm-config.js';
import { userGroupScenarios } from './scenarios/user-groups.js';
import { settingsScenarios } from './scenarios/settings.js';
import { subscriptionScenarios } from './scenarios/subscriptions.js';
import { userScenarios } from './scenarios/users.js';
import { createMockTarget, startServerTarget } from './targets.js';

/**
 * One set of scenarios, run against the reference server over real HTTP (real lowdb file,
 * loopback port) and against the MSW mock; both must behave the same and give the same
 * responses. Every area adds its scenarios to this list.
 */
const scenarios: Scenario[] = [...foundationScenarios, ...messageScenarios, ...narrowScenarios, ...presenceScenarios, ...userGroupScenarios, ...userScenarios, ...settingsScenarios, ...realmConfigScenarios, ...subscriptionScenarios, ...attachmentScenarios, ...channelScenarios];

/**
 * Each scenario is one test that runs it on the server, then on the mock, then compares: no
 * test depends on another having run (shuffle and `.only` work). The mock's MSW server
 * listens only while the mock side runs, since it would intercept the real server's fetches.
 */
describe('parity: the reference server over HTTP and the MSW mock give the same responses', () => {
  let mockTarget: Awaited<ReturnType<typeof createMockTarget>>;
  beforeAll(async () => {
    mockTarget = await createMockTarget();
  });

  for (const s of scenarios) {
    it(s.name, async () => {
      const target = await startServerTarget(s.config);
      let onServer: unknown;
      try {
        onServer = await s.run(target.ctx);
      } finally {
        await target.close();
      }
      const msw = setupServer(...mockTarget.mock.handlers);
      msw.listen({ onUnhandledRequest: 'error' });
      let onMock: unknown;
      try {
        onMock = await s.run(mockTarget.context(s.config));
      } finally {
        msw.close();
      }
      expect(onMock).toEqual(onServer);
    });
  }
});
