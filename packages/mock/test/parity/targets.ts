import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { createCore, createRestHandler, type Db, type DemoAccount, type DemoRole } from '@teamchat/server';
import { listen, openDiskStore } from '@teamchat/server/node';
import { createClock } from '../../src/clock.js';
import { createMock, mockCoreOptions, seedMockOrganization, type TeamchatMock } from '../../src/create-mock.js';
import { makeContext, type ScenarioContext } from './harness.js';

/** Seed and origin shared by both targets, so IDs, keys and URLs agree. */
export const PARITY_SEED = 7;
export const PARITY_BASE_URL = 'http://teamchat.test';

/** A fresh reference server: a real lowdb file in a temp dir, node:http on a loopback port. */
export async function startServerTarget(): Promise<{ ctx: ScenarioContext; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'teamchat-parity-'));
  const clock = createClock();
  let accounts: DemoAccount[] = [];
  const { store } = await openDiskStore<Db>(join(dir, 'data.json'), {
    seed: async (empty) => {
      accounts = await seedMockOrganization(empty, { seed: PARITY_SEED, now: clock.now });
    },
    log: { info: () => {}, warn: () => {} },
  });
  const core = createCore({ store, ...mockCoreOptions({ seed: PARITY_SEED, now: clock.now, baseUrl: PARITY_BASE_URL, heartbeatMs: 1000 }) });
  const running = await listen({ handler: createRestHandler(core) });
  const byRole = Object.fromEntries(accounts.map((a) => [a.role, a])) as Record<DemoRole, DemoAccount>;
  return {
    ctx: makeContext({ target: 'server', site: running.url, accounts: byRole, clock, store }),
    async close() {
      await running.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The MSW mock behind `setupServer`, reset before each scenario. */
export async function createMockTarget(): Promise<{
  mock: TeamchatMock;
  server: ReturnType<typeof setupServer>;
  context(): ScenarioContext;
}> {
  const mock = await createMock({ seed: PARITY_SEED, baseUrl: PARITY_BASE_URL, heartbeatMs: 1000 });
  const server = setupServer(...mock.handlers);
  return {
    mock,
    server,
    context() {
      mock.reset();
      return makeContext({ target: 'mock', site: mock.baseUrl, accounts: mock.accounts, clock: mock.clock, store: mock.store });
    },
  };
}
