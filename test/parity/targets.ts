import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assembleServer, type Db, type DemoAccount, type DemoRole, type ServerConfig } from '@teamchat/server';
import {
  createDiskFileStore,
  listen,
  nodeHttpSender,
  openDiskStore,
  startPushBouncer,
  uploadsDirOf,
} from '@teamchat/server/node';
import { createClock, createMock, mockCoreOptions, mockOrganization, type TeamchatMock } from '@teamchat/mock';
import { makeContext, type ScenarioContext } from './harness.js';
import { recordingHandler, type RecordedResponse } from './openapi-responses.js';
import type { FakeIntegration } from '../../test-support/fake-integration.js';

/** Seed and origin shared by both targets, so IDs, keys and URLs agree. */
export const PARITY_SEED = 7;
export const PARITY_BASE_URL = 'http://teamchat.test';

/**
 * A fresh reference server: a real lowdb file (and its uploads directory) in a temp dir,
 * node:http on a loopback port. `record` gets every JSON answer of the API.
 */
export async function startServerTarget(
  config: Partial<ServerConfig>,
  integration: FakeIntegration,
  record?: (recorded: RecordedResponse) => void,
): Promise<{ ctx: ScenarioContext; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'teamchat-parity-'));
  const clock = createClock();
  const dataFile = join(dir, 'data.json');
  const { store } = await openDiskStore<Db>(dataFile, { log: { info: () => {}, warn: () => {} } });
  const options = mockCoreOptions({
    seed: PARITY_SEED,
    now: clock.now,
    monotonic: clock.monotonic,
    baseUrl: PARITY_BASE_URL,
    heartbeatMs: 1000,
  });
  // Uploaded files on disk beside the data file, as the server binary keeps them.
  const files = createDiskFileStore(uploadsDirOf(dataFile));
  const bouncer = await startPushBouncer({ now: clock.now });
  let bouncerUp = true;
  const stopBouncer = async () => {
    if (bouncerUp) await bouncer.close();
    bouncerUp = false;
  };
  const assembled = await assembleServer({
    store,
    files,
    outbound: nodeHttpSender,
    ...options,
    config: { ...options.config, pushBouncerUrl: bouncer.url, ...config },
    seed: mockOrganization(PARITY_SEED),
  });
  const accounts: DemoAccount[] = assembled.accounts ?? [];
  const running = await listen({ handler: record ? recordingHandler(assembled.handler, record) : assembled.handler });
  const byRole = Object.fromEntries(accounts.map((a) => [a.role, a])) as Record<DemoRole, DemoAccount>;
  return {
    ctx: makeContext({
      target: 'server',
      site: running.url,
      accounts: byRole,
      clock,
      store,
      integration,
      settle: () => assembled.core.services.jobs.idle(),
      bouncer: bouncer.bouncer,
      stopBouncer,
      operator: (request) => assembled.core.operator(request),
    }),
    async close() {
      await assembled.core.services.jobs.idle();
      await stopBouncer();
      await running.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The MSW mock, reset before each scenario; serve `mock.handlers` with `setupServer` while a scenario runs. */
export async function createMockTarget(): Promise<{
  mock: TeamchatMock;
  context(config: Partial<ServerConfig>, integration: FakeIntegration): ScenarioContext;
}> {
  const mock = await createMock({ seed: PARITY_SEED, baseUrl: PARITY_BASE_URL, heartbeatMs: 1000 });
  return {
    mock,
    context(config, integration) {
      mock.reset();
      mock.configure(config);
      const core = mock.core;
      return makeContext({
        target: 'mock',
        site: mock.baseUrl,
        accounts: mock.accounts,
        clock: mock.clock,
        store: mock.store,
        integration,
        settle: () => core.services.jobs.idle(),
        bouncer: mock.pushBouncer,
        stopBouncer: async () => mock.setPushBouncerDown(true),
        operator: (request) => core.operator(request),
      });
    },
  };
}
