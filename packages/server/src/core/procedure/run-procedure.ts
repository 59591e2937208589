import { ApiError, isFileParam } from '@teamchat/schema';
import type { Context, RequestInfo, Services } from '../model/context.js';
import type { UserRecord } from '../model/db.js';
import { checkAccess } from '../auth/authenticate.js';
import { authenticateRequest, limitRequest } from '../auth/rate-limits.js';
import type { Implementation } from './implement.js';
import { journalingSender } from '../model/journaling-sender.js';

const readViews = new WeakMap<Services['store'], Context['db']>();

/**
 * A transaction that refuses writes: what queries and read-only mutations get as `db`. It
 * holds no state of its own, so one per store serves every read.
 */
function readView(store: Services['store']): Context['db'] {
  let view = readViews.get(store);
  if (!view) {
    // A view, not begin(): reads go on when the store refuses writes (see `refusedWrite`).
    const tx = store.view();
    const refuse = () => {
      throw new Error('[teamchat-server] a read-only handler tried to write');
    };
    // Nothing to make durable: callbacks (event delivery) run at once, after every commit so far.
    view = Object.assign(tx, {
      put: refuse,
      patch: refuse,
      delete: refuse,
      setRows: refuse,
      changeFlags: refuse,
      onCommit: (callback: (seq: number) => void) => callback(Infinity),
    });
    readViews.set(store, view);
  }
  return view;
}

/**
 * The answer to a write the store refuses: its last commit could not be made durable, or the
 * disk store lost its claim on its files (another server may own them). The store refuses
 * writes for good; reads are still served.
 */
function refusedWrite(): ApiError {
  return new ApiError('INTERNAL_SERVER_ERROR', 'This server can no longer save changes (see its log) and refuses them; its operator must restart it', { status: 503 });
}

/** Runs a handler that writes, answering a write the store refuses with {@link refusedWrite}. */
async function runWriting(store: Services['store'], run: () => Promise<unknown>): Promise<unknown> {
  if (store.failed) throw refusedWrite();
  try {
    return await run();
  } catch (error) {
    if (store.failed && !(error instanceof ApiError)) throw refusedWrite();
    throw error;
  }
}

/**
 * Lets a request in: authenticates the caller for the contract's access rule (failed
 * credentials counted per client address), then counts the request against the rate limits.
 * What `runProcedure` does first unless the transport already did it (tRPC does it before
 * parsing the input, as REST checks credentials before reading the body).
 */
export function admit(services: Services, endpoint: Implementation['endpoint'], request: RequestInfo): UserRecord | null {
  const user = authenticateRequest(services, endpoint.access, request);
  limitRequest(services, request, user);
  return user;
}

/** How one call runs. */
export interface RunOptions {
  request: RequestInfo;
  /** The caller when the transport already authenticated the request. */
  user?: UserRecord | null;
  /** Check the result against the contract's response schema (the tRPC path has its own check). */
  validateResponse: boolean;
  /**
   * Reads the parameters once the caller is authenticated (REST reads the body only then:
   * credentials are checked before parameters, as the real server does). Replaces `params`.
   */
  readParams?: () => Promise<unknown>;
}

/**
 * A handler's context: every service as an own property (so `{ ...ctx, db }` copies it whole)
 * and the call's own fields, built with one fixed shape. Spreading the services into a fresh
 * literal per call cost about 5 % of a small request's time.
 */
class CallContext implements Context {
  readonly store: Services['store'];
  readonly indexes: Services['indexes'];
  readonly events: Services['events'];
  readonly rateLimiter: Services['rateLimiter'];
  readonly uploadSlots: Services['uploadSlots'];
  readonly config: Services['config'];
  readonly now: Services['now'];
  readonly random: Services['random'];
  readonly log: Services['log'];
  readonly files: Services['files'];
  readonly attachmentIndex: Services['attachmentIndex'];
  readonly runDueJobs: Services['runDueJobs'];
  readonly outbound: Services['outbound'];
  readonly hooks: Services['hooks'];
  readonly jobs: Services['jobs'];
  readonly journal: Services['journal'];

  constructor(
    services: Services,
    readonly db: Context['db'],
    readonly user: UserRecord | null,
    readonly realm: Context['realm'],
    readonly request: RequestInfo,
    readonly endpoint: Context['endpoint'],
    readonly prepared: unknown,
  ) {
    this.store = services.store;
    this.indexes = services.indexes;
    this.events = services.events;
    this.rateLimiter = services.rateLimiter;
    this.uploadSlots = services.uploadSlots;
    this.config = services.config;
    this.now = services.now;
    this.random = services.random;
    this.log = services.log;
    this.files = services.files;
    this.attachmentIndex = services.attachmentIndex;
    this.runDueJobs = services.runDueJobs;
    // While the journal records, what the handler sends (a test notification) is journaled as the request's.
    this.outbound =
      request.journalId !== undefined && services.journal.recording
        ? journalingSender(services, { cause: request.journalId, userId: user?.id ?? null })
        : services.outbound;
    this.hooks = services.hooks;
    this.jobs = services.jobs;
    this.journal = services.journal;
  }
}

/** The caller as the store has it now: requests queued behind a writer see its changes. */
function currentCaller(db: Context['db'], user: UserRecord | null, implementation: Implementation): UserRecord | null {
  if (!user) return null;
  const current = db.get('users', user.id);
  if (!current?.is_active) throw new ApiError('UNAUTHORIZED', 'Account is deactivated');
  checkAccess(current, implementation.endpoint.access);
  return current;
}

/**
 * Runs one implementation: authenticates the caller for the contract's access rule (unless
 * the transport did), runs its `prepare` step outside the lock, then calls the handler —
 * mutations as one store transaction (answered once durable, undone on error), with the
 * organization and the caller read again inside it; queries and read-only mutations on a read
 * view. Jobs due on the server's clock run first. Both the tRPC procedures and the REST
 * handler call it, so they cannot differ.
 */
export async function runProcedure(services: Services, implementation: Implementation, params: unknown, options: RunOptions): Promise<unknown> {
  const { endpoint } = implementation;
  const user = options.user !== undefined ? options.user : admit(services, endpoint, options.request);
  options.request.callerId = user?.id ?? null;
  // An upload holds a slot from before its body is read until it is answered.
  const release = user && takesFiles(endpoint) ? services.uploadSlots.acquire(user.id) : null;
  try {
    return await runAdmitted(services, implementation, user, params, options);
  } finally {
    release?.();
  }
}

const fileEndpoints = new WeakMap<Implementation['endpoint'], boolean>();

/** Whether the contract has a file parameter (an upload). */
function takesFiles(endpoint: Implementation['endpoint']): boolean {
  let files = fileEndpoints.get(endpoint);
  if (files === undefined) {
    files = Object.values(endpoint.params.shape).some((schema) => isFileParam(schema as never));
    fileEndpoints.set(endpoint, files);
  }
  return files;
}

/**
 * Runs a handler as the journal's request `cause`: what it journals while it runs (the
 * synchronous part), and in the callbacks of its transaction `db` once committed (events,
 * emails, jobs), names the request as its cause.
 */
async function causing(journal: Services['journal'], cause: number | undefined, db: Context['db'] | null, run: () => unknown): Promise<unknown> {
  if (cause === undefined) return run();
  db?.onCommit(() => {
    journal.current = cause;
  });
  journal.current = cause;
  let pending: unknown;
  try {
    pending = run();
  } finally {
    journal.current = null;
  }
  try {
    return await pending;
  } finally {
    db?.onCommit(() => {
      journal.current = null;
    });
  }
}

/**
 * `store` whose transactions run as the journal's request `cause` (see {@link causing}): for
 * handlers that commit their own transactions (uploads, topic deletion, invitations).
 */
function causingStore(store: Services['store'], journal: Services['journal'], cause: number): Services['store'] {
  const write: Services['store']['write'] = (fn) => store.write((db) => causing(journal, cause, db, () => fn(db)) as ReturnType<typeof fn>);
  return new Proxy(store, {
    get(target, property) {
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function runAdmitted(services: Services, implementation: Implementation, user: UserRecord | null, params: unknown, options: RunOptions): Promise<unknown> {
  const { endpoint, handler } = implementation;
  if (options.readParams) params = await options.readParams();
  // Due jobs first, on every path (REST and tRPC): the call must not see what they delete.
  const due = services.runDueJobs();
  if (due) await due;
  const { store } = services;
  const call = handler as (params: unknown, ctx: Context & { prepared: unknown }) => unknown;
  /** The handler's context on `db`, with the organization and the caller as `db` has them. */
  const contextOn = (db: Context['db'], prepared: unknown, on: Services = services): Context & { prepared: unknown } => {
    const realm = db.get('realm', 1);
    if (!realm) throw new Error('[teamchat-server] the store has no organization');
    return new CallContext(on, db, currentCaller(db, user, implementation), realm, options.request, endpoint, prepared);
  };
  const prepare = implementation.options.prepare as ((params: unknown, ctx: Context) => Promise<unknown>) | undefined;
  const prepared = prepare ? await prepare(params, contextOn(readView(store), undefined)) : undefined;
  const { readOnly, ownTransactions, writes: writesOnGet } = implementation.options;
  const writes = writesOnGet === true || (endpoint.method !== 'GET' && !readOnly && !ownTransactions);
  const cause = options.request.journalId;
  const result = writes
    ? await runWriting(store, () => store.write((db) => (cause === undefined ? call(params, contextOn(db, prepared)) : causing(services.journal, cause, db, () => call(params, contextOn(db, prepared))))))
    : ownTransactions
      ? await runWriting(store, async () => call(params, contextOn(readView(store), prepared, cause === undefined ? services : { ...services, store: causingStore(store, services.journal, cause) })))
      : await causing(services.journal, cause, null, () => call(params, contextOn(readView(store), prepared)));
  if (options.validateResponse) {
    const checked = endpoint.response.safeParse(result);
    if (!checked.success) {
      throw new Error(`[teamchat-server] ${endpoint.name} answered outside its contract: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
  }
  return result;
}
