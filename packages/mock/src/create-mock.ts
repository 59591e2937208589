import type { HttpHandler } from 'msw';
import {
  assembleCore,
  assembleServer,
  createPushBouncer,
  seededRandomBytes,
  SITE_ROUTES,
  Store,
  type AssembleOptions,
  type Core,
  type CoreOptions,
  type ServerConfig,
  type Db,
  type DemoAccount,
  type DemoRole,
  type FetchHandler,
  type OrganizationFixtureInput,
  type PushBouncer,
  type StoreDocument,
  exportOrganization,
  outboxEmails,
  type EmailRecord,
  type OutboxQuery,
} from '@teamchat/server';
import { createClock, type ClockOptions, type MockClock } from './clock.js';
import { createFaults, type Faults } from './faults.js';
import { createHandlers } from './handlers/create-handlers.js';
import { bouncerSender, fetchSender, MOCK_BOUNCER_URL } from './fetch-sender.js';

/** Options of {@link createMock}. */
export interface MockOptions {
  /**
   * Origin the mock answers for (default `http://teamchat.test`): scheme, host and port only.
   * The API is served at `<baseUrl>/api/v1`; a path here would make every request miss.
   */
  baseUrl?: string;
  /**
   * Seed of the random values (default 1): the demo accounts' API keys, and the API keys,
   * salts and confirmation keys made while a test runs (the same after every `reset()`).
   * Passwords are always {@link MOCK_PASSWORDS}; IDs come from counters and queue IDs from the clock.
   */
  seed?: number;
  clock?: ClockOptions;
  /** GET /events answers a heartbeat after this long (default 10 s; the server's is 50 s). */
  heartbeatMs?: number;
  /**
   * The organization to start from: an organization fixture (the format of
   * `teamchat-server --seed`, see the server's README), instead of the demo organization.
   * Users whose password is `{ random: true }` get {@link MOCK_PASSWORDS} by role.
   */
  fixture?: OrganizationFixtureInput;
}

const DEFAULT_BASE_URL = 'http://teamchat.test';

/** `baseUrl` without trailing slashes, checked to be an origin (scheme, host, port). */
function originOf(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  let origin: string | undefined;
  try {
    origin = new URL(trimmed).origin;
  } catch {
    origin = undefined;
  }
  if (origin !== trimmed) {
    throw new TypeError(`[teamchat-mock] baseUrl must be an origin such as ${DEFAULT_BASE_URL} (got '${baseUrl}'); the API is served at <baseUrl>/api/v1.`);
  }
  return trimmed;
}

/** Demo passwords of the mock (the server's are random). */
export const MOCK_PASSWORDS: Readonly<Record<Exclude<DemoRole, 'bot'>, string>> = {
  owner: 'owner-password',
  administrator: 'administrator-password',
  moderator: 'moderator-password',
  member: 'member-password',
  guest: 'guest-password',
};

/**
 * The mock's demo organization: deterministic API keys and the {@link MOCK_PASSWORDS}. The
 * parity suite seeds the real server the same way.
 */
export function mockOrganization(seed: number): Exclude<AssembleOptions['seed'], false | undefined> {
  return { random: seededRandomBytes(seed), passwords: MOCK_PASSWORDS, passwordIterations: 1000 };
}

/** The core options of the mock (and of a real server meant to answer exactly as the mock does). */
export function mockCoreOptions(options: { seed: number; now: () => number; monotonic?: () => number; baseUrl: string; heartbeatMs?: number | undefined }): Omit<CoreOptions, 'store'> {
  return {
    now: options.now,
    ...(options.monotonic ? { monotonic: options.monotonic } : {}),
    random: seededRandomBytes(options.seed + 1),
    config: { realmUrl: options.baseUrl, heartbeatMs: options.heartbeatMs ?? 10_000, validateResponses: true },
  };
}

/** What `mock.clientOptions()` gives `createClient`: an account, and the clock's `sleep` for retries. */
export interface MockClientOptions {
  site: string;
  email: string;
  apiKey: string;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** A running mock: MSW handlers over the server core on a memory store. */
export interface TeamchatMock {
  /** MSW handlers: `setupServer(...mock.handlers)`. */
  readonly handlers: HttpHandler[];
  readonly baseUrl: string;
  /**
   * The first account of each role (`owner`, `administrator`, `moderator`, `member`, `guest`,
   * `bot`): the demo's six accounts. With a fixture, the roles it has no account of are missing.
   */
  readonly accounts: Readonly<Record<DemoRole, DemoAccount>>;
  /** Every active account of the organization, in ID order. */
  readonly accountList: readonly DemoAccount[];
  /**
   * `{ site, email, apiKey, sleep }` of an account (by role, or by email), for `createClient`.
   * `sleep` is the mock clock's: the SDK's retries wait on it, taking no real time.
   */
  clientOptions(account: DemoRole | (string & {})): MockClientOptions;
  /** The server core (store, event queues, config) of the current state. */
  readonly core: Core;
  /** The store of the current state, for reads in assertions (`mock.store.get('users', 1)`). */
  readonly store: Store<Db>;
  /** The platform-neutral handler (`Request → Response`) behind the MSW handlers. */
  readonly fetch: FetchHandler;
  readonly clock: MockClock;
  /** Fault injection handlers for `server.use(...)`. */
  readonly faults: Faults;
  /**
   * Changes server settings of the current state (cleared by `reset()`), e.g.
   * `{ deleteTopicBatchSize: 2, deleteTopicBudgetMs: 0 }` for a topic deletion that needs
   * several calls, or `{ heartbeatMs: 100 }`.
   */
  configure(config: Partial<ServerConfig>): void;
  /** Deletes event queues (all, or one), as the server does after their lifetime: the next poll gets `BAD_EVENT_QUEUE_ID`. */
  expireEventQueues(queueId?: string): void;
  /**
   * The in-memory push bouncer the mock's server uses (`POST /mobile_push/register`, test
   * notifications, message notifications): read what a device received with
   * `mock.pushBouncer.notifications(deviceId)`, its keys with `publicKeys()`, make it fail
   * with `fail(503, 1)`. Reset with the rest.
   */
  readonly pushBouncer: PushBouncer;
  /** Takes the push bouncer off the network (`true`: connections fail) or back on. */
  setPushBouncerDown(down: boolean): void;
  /** Back to the seeded state and start time: call it in `afterEach`. */
  reset(): void;
  /**
   * Starts over from another organization fixture: it becomes the seeded state `reset()`
   * returns to, and its accounts replace `accounts`.
   *
   * @throws {FixtureError} naming each problem of the fixture; the mock is unchanged then.
   */
  load(fixture: OrganizationFixtureInput): Promise<void>;
  /** The current state as an organization fixture (what `teamchat-server --export` writes). */
  exportFixture(): OrganizationFixtureInput;
  /**
   * The emails the server "sent" (invitations, email-change confirmations and notices), oldest
   * first: only those to `to`, only the newest `last`. The server delivers no mail; QA reads
   * links from here (`mock.emails({ to: 'new@example.com' }).at(-1)?.body`). Emptied by `reset()`.
   */
  emails(query?: OutboxQuery): EmailRecord[];
}

/**
 * Creates a stateful mock of the team chat API: MSW handlers for the reference server's routes
 * (`/api/v1/*` and the rest of its site, routed by its contract table) that run its core on a
 * memory store, seeded with the demo organization. What a test writes, later reads see; roles,
 * permissions and errors behave as on the server (they are the same code).
 *
 * @example
 * const mock = await createMock();
 * const server = setupServer(...mock.handlers);
 * server.listen({ onUnhandledRequest: 'error' });
 * const client = createClient(mock.clientOptions('member'));
 */
export async function createMock(options: MockOptions = {}): Promise<TeamchatMock> {
  const baseUrl = originOf(options.baseUrl ?? DEFAULT_BASE_URL);
  const seed = options.seed ?? 1;
  const clock = createClock(options.clock);
  // Fresh options, so a fresh seeded random source, for every core: keys and salts made after
  // a reset are the same whatever earlier tests did.
  const coreOptions = () => mockCoreOptions({ seed, now: clock.now, monotonic: clock.monotonic, baseUrl, heartbeatMs: options.heartbeatMs });
  const seedFrom = async (fixture: OrganizationFixtureInput | undefined) => {
    const seedStore = new Store<Db>();
    const seeded = await assembleServer({ store: seedStore, ...coreOptions(), seed: { ...mockOrganization(seed), ...(fixture === undefined ? {} : { fixture }) } });
    return { document: seedStore.snapshot(), accounts: seeded.accounts ?? [] };
  };
  let { document: seedDocument, accounts: accountList }: { document: StoreDocument; accounts: DemoAccount[] } = await seedFrom(options.fixture);
  // The first account of each role (the demo's six).
  const byRole = (list: readonly DemoAccount[]) =>
    Object.fromEntries([...list].reverse().map((account) => [account.role, account])) as Record<DemoRole, DemoAccount>;

  const build = () => {
    // Records are never changed in place, so every reset can share the seed's records.
    const store = new Store<Db>(seedDocument);
    // The in-memory push bouncer: the same keys after every reset (seeded), no registrations.
    const bouncer = createPushBouncer({ now: clock.now, random: seededRandomBytes(seed + 2) });
    const link = { down: false };
    const outbound = bouncerSender(bouncer, link, fetchSender);
    const options = coreOptions();
    const { core, handler } = assembleCore({ store, ...options, config: { ...options.config, pushBouncerUrl: MOCK_BOUNCER_URL }, outbound });
    return { store, core, fetch: handler as FetchHandler, bouncer, link };
  };
  let state = build();
  let accounts = byRole(accountList);

  return {
    handlers: createHandlers({ baseUrl, siteRoutes: SITE_ROUTES, handle: () => state.fetch }),
    baseUrl,
    get accounts() {
      return accounts;
    },
    get accountList() {
      return accountList;
    },
    clientOptions(which) {
      const account = which.includes('@')
        ? accountList.find((a) => a.email.toLowerCase() === which.toLowerCase())
        : (accounts as Partial<Record<string, DemoAccount>>)[which];
      if (!account) throw new TypeError(`[teamchat-mock] no active account ${which.includes('@') ? `with email ${which}` : `with role ${which}`} in the organization; see mock.accountList.`);
      return { site: baseUrl, email: account.email, apiKey: account.apiKey, sleep: clock.sleep };
    },
    get core() {
      return state.core;
    },
    get store() {
      return state.store;
    },
    get fetch() {
      return state.fetch;
    },
    get pushBouncer() {
      return state.bouncer;
    },
    setPushBouncerDown(down) {
      state.link.down = down;
    },
    clock,
    faults: createFaults(baseUrl, state.core.endpoints.values()),
    configure(config) {
      Object.assign(state.core.services.config, config);
    },
    expireEventQueues(queueId) {
      state.core.services.events.expire(queueId);
    },
    reset() {
      clock.reset();
      state = build();
    },
    async load(fixture) {
      ({ document: seedDocument, accounts: accountList } = await seedFrom(fixture));
      accounts = byRole(accountList);
      clock.reset();
      state = build();
    },
    exportFixture() {
      return exportOrganization(state.store);
    },
    emails(query) {
      return outboxEmails(state.store, query);
    },
  };
}
