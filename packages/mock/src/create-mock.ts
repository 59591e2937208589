import type { HttpHandler } from 'msw';
import {
  runTrafficScript,
  Traffic,
  type TrafficAccount,
  type TrafficPort,
  type TrafficRates,
  type TrafficScript,
} from '@teamchat/traffic';
import {
  assembleCore,
  assembleServer,
  createPushBouncer,
  seededRandomBytes,
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
  type PopulateSize,
  populateOrganization,
  coreTrafficPort,
  type StaticFiles,
  type StoreDocument,
  exportOrganization,
  outboxEmails,
  type EmailRecord,
  type EventEntry,
  type OutboxQuery,
  type RequestEntry,
} from '@teamchat/server';
import type { EndpointName } from '@teamchat/schema';
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
  /**
   * Answer as an older server: `zulip_feature_level` N (from `OLDEST_FEATURE_LEVEL` to the
   * current one) and its `zulip_version`; endpoints, parameters and fields added after N are
   * unknown, ignored and left out; behaviours that changed after N follow the older rule.
   */
  featureLevel?: number;
  /**
   * Start from a generated, lived-in organization instead of the demo (what
   * `teamchat-server --populate` serves): a size (`'small'`: 2,000 messages, `'medium'`,
   * `'large'`, or a number of messages) or `{ size, randomSeed }`. Its history ends at the
   * clock's start; `mock.accountList` holds every person with their password.
   */
  populate?: PopulateSize | { size: PopulateSize; randomSeed?: number };
  /**
   * The web app's built files, served at `/` and `/static/` as the server serves them (the HTTP
   * mode passes `@teamchat/web`'s when it is installed). Without them those paths are not mounted.
   */
  webApp?: StaticFiles;
  /**
   * Entries the request journal keeps (default 1000, the newest): the requests, and the events
   * each queue got, that `mock.requests()` and `mock.events()` answer. 0 keeps none.
   */
  journalSize?: number;
}

/** Which requests {@link TeamchatMock.requests} answers (all of them when empty). */
export interface RequestFilter {
  /** The contract they ran: `'messages.send'`. */
  endpoint?: EndpointName | (string & {});
  /** Who made them: a role of the demo accounts, an email address, or a user ID. */
  account?: DemoRole | (string & {}) | number;
  /** Their answer's HTTP status. */
  status?: number;
}

/** Which events {@link TeamchatMock.events} answers (all of them when empty). */
export interface EventFilter {
  queue_id?: string;
  /** Whose queues: a role of the demo accounts, an email address, or a user ID. */
  account?: DemoRole | (string & {}) | number;
  /** The event's `type`: `'message'`. */
  type?: string;
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
    throw new TypeError(
      `[teamchat-mock] baseUrl must be an origin such as ${DEFAULT_BASE_URL} (got '${baseUrl}'); the API is served at <baseUrl>/api/v1.`,
    );
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
export function mockCoreOptions(options: {
  seed: number;
  now: () => number;
  monotonic?: () => number;
  baseUrl: string;
  heartbeatMs?: number | undefined;
  featureLevel?: number | undefined;
  journalSize?: number | undefined;
}): Omit<CoreOptions, 'store'> {
  return {
    now: options.now,
    ...(options.monotonic ? { monotonic: options.monotonic } : {}),
    random: seededRandomBytes(options.seed + 1),
    // The journal records always: `mock.requests()`, `mock.events()`, the inspector.
    config: {
      realmUrl: options.baseUrl,
      heartbeatMs: options.heartbeatMs ?? 10_000,
      validateResponses: true,
      journalAlways: true,
      journalSize: options.journalSize ?? 1000,
      ...(options.featureLevel === undefined ? {} : { featureLevel: options.featureLevel }),
    },
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
  /**
   * The requests the mock answered, oldest first (the newest `journalSize`; emptied by
   * `reset()`): method, path, the contract (`endpoint`), the caller, the decoded parameters
   * (credentials as `"***"`), the status, the answer, `cause` links from what they caused.
   *
   * @example
   * expect(mock.requests({ endpoint: 'messages.send', account: 'member' })).toHaveLength(1);
   */
  requests(filter?: RequestFilter): RequestEntry[];
  /**
   * The events the server put into each queue, oldest first, and whether a poll fetched them;
   * `cause` is the `id` of the request that caused one (see {@link requests}).
   */
  events(filter?: EventFilter): EventEntry[];
  /**
   * Live traffic under the mock's clock: `await mock.simulate({ rates, seed }).advance(10 * 60_000)`
   * runs ten minutes of activity (messages in channels and DMs, typing, replies to mentions,
   * presence, reactions, edits, topic moves, deletes, people joining and leaving, channels
   * created and archived) as the organization's accounts, moving the clock to each event.
   * The same seed and rates give the same sequence. Rates are per minute of mock time.
   */
  simulate(options: SimulateOptions): Traffic;
  /**
   * Runs a scripted sequence under the mock's clock: each step at its time (ms after now), as
   * the account of its email (`as`), through the API's rules; resolves with each step's answer
   * (or `{ error: code }`). The same JSON form `teamchat simulate --script FILE` runs.
   *
   * @example
   * await mock.script({ steps: [{ at: 30_000, as: 'mike@teamchat.example', call: 'messages.send', params: { type: 'stream', to: 'general', topic: 't', content: 'hi' } }] });
   */
  script(script: TrafficScript): ReturnType<typeof runTrafficScript>;
}

/** Options of {@link TeamchatMock.simulate}. */
export interface SimulateOptions {
  /** Per minute of mock time, per kind of activity (`BUSY_TRAFFIC` from `@teamchat/schema` is a busy organization). */
  rates: TrafficRates;
  /** Seed of the sequence (default 1). */
  seed?: number;
  /** The accounts that act (default every account of `accountList` but bots). */
  accounts?: readonly DemoAccount[];
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
  const webApp = options.webApp;
  // Fresh options, so a fresh seeded random source, for every core: keys and salts made after
  // a reset are the same whatever earlier tests did.
  const coreOptions = () =>
    mockCoreOptions({
      seed,
      now: clock.now,
      monotonic: clock.monotonic,
      baseUrl,
      heartbeatMs: options.heartbeatMs,
      featureLevel: options.featureLevel,
      journalSize: options.journalSize,
    });
  const seedFrom = async (fixture: OrganizationFixtureInput | undefined) => {
    if (fixture === undefined && options.populate !== undefined) {
      const { size, randomSeed } =
        typeof options.populate === 'object' ? options.populate : { size: options.populate, randomSeed: undefined };
      const { store, accounts } = await populateOrganization({
        size,
        ...(randomSeed === undefined ? {} : { randomSeed }),
        end: clock.now(),
        config: { realmUrl: baseUrl },
      });
      return { document: store.snapshot(), accounts };
    }
    const seedStore = new Store<Db>();
    const seeded = await assembleServer({
      store: seedStore,
      ...coreOptions(),
      seed: { ...mockOrganization(seed), ...(fixture === undefined ? {} : { fixture }) },
    });
    return { document: seedStore.snapshot(), accounts: seeded.accounts ?? [] };
  };
  let { document: seedDocument, accounts: accountList }: { document: StoreDocument; accounts: DemoAccount[] } =
    await seedFrom(options.fixture);
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
    const { core, handler } = assembleCore({
      store,
      ...options,
      config: { ...options.config, pushBouncerUrl: MOCK_BOUNCER_URL },
      outbound,
      ...(webApp === undefined ? {} : { rest: { webApp } }),
    });
    return { store, core, fetch: handler, bouncer, link };
  };
  let state = build();
  let accounts = byRole(accountList);
  // Traffic runs in-process on the current state, moving the mock's clock to each event.
  const trafficPort = (): TrafficPort =>
    coreTrafficPort(() => state, { now: clock.now, at: async (time) => clock.set(time) });
  /** The plain passwords the mock knows, by the hash it made of each. */
  const knownPasswords = (): Map<string, string> => {
    const known = new Map<string, string>();
    for (const account of accountList) {
      const hash = state.store.get('users', account.userId)?.password_hash;
      if (hash && account.password !== null) known.set(hash, account.password);
    }
    return known;
  };
  /** The user ID of an account named by role, email or ID (the filters of `requests` and `events`). */
  const accountId = (account: DemoRole | (string & {}) | number): number => {
    if (typeof account === 'number') return account;
    const id = account.includes('@')
      ? state.core.services.indexes.usersByEmail.get(account.toLowerCase())?.id
      : (accounts as Partial<Record<string, DemoAccount>>)[account]?.userId;
    if (id === undefined)
      throw new TypeError(
        `[teamchat-mock] no account ${account.includes('@') ? `with email ${account}` : `with role ${account}`}; see mock.accountList.`,
      );
    return id;
  };

  return {
    handlers: createHandlers({ baseUrl, siteRoutes: state.fetch.siteRoutes, handle: () => state.fetch }),
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
      if (!account)
        throw new TypeError(
          `[teamchat-mock] no active account ${which.includes('@') ? `with email ${which}` : `with role ${which}`} in the organization; see mock.accountList.`,
        );
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
      state.core.configure(config);
    },
    expireEventQueues(queueId) {
      state.core.services.events.expire(queueId);
    },
    reset() {
      clock.reset();
      state = build();
    },
    async load(fixture) {
      const known = knownPasswords();
      ({ document: seedDocument, accounts: accountList } = await seedFrom(fixture));
      // An exported fixture carries hashes, not passwords: an account whose hash is one the
      // mock made keeps the password it had (GET then POST /__mock/fixture loses nothing).
      const seeded = new Store<Db>(seedDocument);
      accountList = accountList.map((account) => {
        const hash = seeded.get('users', account.userId)?.password_hash;
        const plain = hash ? known.get(hash) : undefined;
        return account.password === null && plain !== undefined ? { ...account, password: plain } : account;
      });
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
    requests(filter = {}) {
      const userId = filter.account === undefined ? undefined : accountId(filter.account);
      if (
        filter.endpoint !== undefined &&
        !state.core.endpoints.has(filter.endpoint) &&
        !filter.endpoint.startsWith('pages.')
      ) {
        throw new TypeError(
          `[teamchat-mock] mock.requests(): no endpoint '${filter.endpoint}'; use a contract name such as 'messages.send'.`,
        );
      }
      return state.core.services.journal
        .all()
        .filter((entry): entry is RequestEntry => entry.kind === 'request')
        .filter(
          (entry) =>
            (filter.endpoint === undefined || entry.endpoint === filter.endpoint) &&
            (userId === undefined || entry.user_id === userId) &&
            (filter.status === undefined || entry.status === filter.status),
        )
        .map((entry) => structuredClone(entry));
    },
    events(filter = {}) {
      const userId = filter.account === undefined ? undefined : accountId(filter.account);
      return state.core.services.journal
        .all()
        .filter((entry): entry is EventEntry => entry.kind === 'event')
        .filter(
          (entry) =>
            (filter.queue_id === undefined || entry.queue_id === filter.queue_id) &&
            (userId === undefined || entry.user_id === userId) &&
            (filter.type === undefined || entry.event.type === filter.type),
        )
        .map((entry) => structuredClone(entry));
    },
    simulate({ rates, seed, accounts: acting }) {
      const trafficAccounts: TrafficAccount[] = (acting ?? accountList)
        .filter((account) => account.role !== 'bot')
        .map((account) => ({
          email: account.email,
          userId: account.userId,
          fullName: account.fullName,
          role: account.role,
        }));
      return new Traffic({
        port: trafficPort(),
        accounts: trafficAccounts,
        rates,
        ...(seed === undefined ? {} : { seed }),
      });
    },
    script(script) {
      const accounts = accountList.map((account) => ({
        email: account.email,
        userId: account.userId,
        fullName: account.fullName,
        role: account.role,
      }));
      return runTrafficScript({ port: trafficPort(), accounts, script });
    },
  };
}
