import { seededRandomBytes } from './core/internal/seeded-random.js';
import { createCore, type Core, type CoreOptions } from './core/create-core.js';
import type { Db } from './core/model/db.js';
import { seedDemoOrganization, type DemoAccount, type DemoOptions } from './core/seed/demo-organization.js';
import { createRestHandler, type FetchHandler } from './rest/rest-handler.js';
import { Store } from './store/store.js';

/** Options of {@link createMemoryServer}. */
export interface MemoryServerOptions extends Omit<CoreOptions, 'store'> {
  /** Seed of the deterministic fixtures (API keys, passwords); random when omitted. */
  seed?: number;
  /** Fixed demo passwords. */
  passwords?: DemoOptions['passwords'];
}

/** A server core on a memory store, seeded with the demo organization. */
export interface MemoryServer {
  core: Core;
  handler: FetchHandler;
  accounts: DemoAccount[];
}

/**
 * A complete server in memory (no files, no sockets): the demo organization, the core and
 * the REST handler. The mock and the tests run on it.
 */
export async function createMemoryServer(options: MemoryServerOptions = {}): Promise<MemoryServer> {
  const store = new Store<Db>();
  const random = options.random ?? (options.seed === undefined ? undefined : seededRandomBytes(options.seed));
  const now = options.now ?? (() => Date.now());
  // Responses are checked against their contracts: this server serves tests and tools.
  const core = createCore({ ...options, config: { validateResponses: true, ...options.config }, store, now, ...(random ? { random } : {}) });
  const accounts = await seedDemoOrganization(core.services, {
    passwordIterations: 1000,
    ...(options.passwords ? { passwords: options.passwords } : {}),
  });
  return { core, handler: createRestHandler(core), accounts };
}
