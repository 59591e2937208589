import {
  createCore,
  parseFixture,
  removeOrphanFiles,
  seedDemoOrganization,
  seedOrganization,
  type Core,
  type CoreOptions,
  type DemoAccount,
  type DemoOptions,
  type RandomBytes,
} from './core/index.js';
import { createRestHandler, type RestHandler, type RestHandlerOptions } from './rest/rest-handler.js';

/** Options of {@link assembleServer}. */
export interface AssembleOptions extends CoreOptions {
  /**
   * How a store without an organization is filled: the organization of `fixture` (an
   * organization fixture, validated here: `FixtureError` names what is wrong), else the demo
   * organization, with these options (`random` for keys and passwords, default the core's);
   * or `false` to leave it empty. A store that holds an organization is never seeded.
   */
  seed?: false | (DemoOptions & { random?: RandomBytes; fixture?: unknown });
  rest?: RestHandlerOptions;
}

/** A server's parts: the core, its REST handler, and the demo accounts when they were just made. */
export interface AssembledServer {
  core: Core;
  handler: RestHandler;
  /** The accounts seeded now (the demo's or the fixture's); null when the store already held an organization (or `seed: false`). */
  accounts: DemoAccount[] | null;
}

/**
 * The core over a store and its REST handler, and nothing else: what {@link assembleServer}
 * starts with, and what the mock builds on every reset (from a store already seeded).
 */
export function assembleCore(options: Omit<AssembleOptions, 'seed'>): Omit<AssembledServer, 'accounts'> {
  const { rest, ...coreOptions } = options;
  const core = createCore(coreOptions);
  return { core, handler: createRestHandler(core, rest) };
}

/**
 * Assembles a server over a store: the core, the clean-up of files whose upload never
 * committed, the organization (a fixture's, or the demo) when the store has none, and the REST handler. The
 * binary, {@link createMemoryServer} and the mock are all built by it.
 */
export async function assembleServer(options: AssembleOptions): Promise<AssembledServer> {
  const { seed = {}, ...rest } = options;
  const { core, handler } = assembleCore(rest);
  // Files of uploads whose record never committed (or whose deletion did not finish) go.
  if (options.files) await removeOrphanFiles(core.services);
  let accounts: DemoAccount[] | null = null;
  // A store without an organization (new, or its first start was interrupted) is seeded; its
  // writes are journaled like any other.
  if (seed !== false && !options.store.get('realm', 1)) {
    const { random, fixture, ...demo } = seed;
    const services = random ? { ...core.services, random } : core.services;
    accounts =
      fixture === undefined
        ? await seedDemoOrganization(services, demo)
        : await seedOrganization(services, parseFixture(fixture), demo);
  }
  // Jobs left pending by the last run (outgoing webhooks, push) are sent now.
  core.services.jobs.kick();
  return { core, handler, accounts };
}
