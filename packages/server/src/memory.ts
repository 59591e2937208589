import { assembleServer, type AssembleOptions } from './assemble-server.js';
import { seededRandomBytes, type Core, type DemoAccount, type DemoOptions, type Db } from './core/index.js';
import type { RestHandler } from './rest/rest-handler.js';
import { Store } from './store/store.js';

/** Options of {@link createMemoryServer}. */
export interface MemoryServerOptions extends Omit<AssembleOptions, 'store' | 'seed'> {
  /** Seed of the deterministic fixtures (API keys, passwords); random when omitted. */
  seed?: number;
  /** Fixed demo passwords. */
  passwords?: DemoOptions['passwords'];
}

/** A server core on a memory store, seeded with the demo organization. */
export interface MemoryServer {
  core: Core;
  handler: RestHandler;
  accounts: DemoAccount[];
}

/**
 * A complete server in memory (no files, no sockets): the demo organization, the core and
 * the REST handler. The tests run on it.
 */
export async function createMemoryServer(options: MemoryServerOptions = {}): Promise<MemoryServer> {
  const { seed, passwords, ...rest } = options;
  const random = rest.random ?? (seed === undefined ? undefined : seededRandomBytes(seed));
  const { core, handler, accounts } = await assembleServer({
    ...rest,
    store: new Store<Db>(),
    now: rest.now ?? (() => Date.now()),
    ...(random ? { random } : {}),
    // Responses are checked against their contracts: this server serves tests and tools.
    config: { validateResponses: true, ...rest.config },
    seed: { passwordIterations: 1000, ...(passwords ? { passwords } : {}) },
  });
  return { core, handler, accounts: accounts ?? [] };
}
