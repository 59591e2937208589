import { ApiError, isFileParam } from '@teamchat/schema';
import type { Context, RequestInfo } from '../runtime/context.js';
import type { PortName, Ports } from '../runtime/ports.js';
import type { Services } from '../runtime/services.js';
import type { UserRecord } from '../model/records/users.js';
import { checkAccess } from '../auth/authenticate.js';
import { authenticateRequest, limitRequest } from '../auth/rate-limits.js';
import type { ContractHandler } from './handler.js';
import { journalingSender } from '../runtime/journaling-sender.js';
import { jsonTextOf } from '../model/json-text.js';

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
      throw new Error('[teamchat-server] a read-only operation tried to write');
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
  return new ApiError(
    'INTERNAL_SERVER_ERROR',
    'This server can no longer save changes (see its log) and refuses them; its operator must restart it',
    { status: 503 },
  );
}

/**
 * The answer to a write the store cannot make durable now (its journal cannot be written: a full
 * disk, an I/O error): the write was undone; writes are tried again a second later.
 */
function unavailableWrite(): ApiError {
  return new ApiError(
    'INTERNAL_SERVER_ERROR',
    'This server cannot save changes right now (its storage is full or failing); nothing was changed. Reads still work; try again later',
    { status: 503 },
  );
}

/** Runs an operation that writes, answering a write the store refuses with {@link refusedWrite} or {@link unavailableWrite}. */
async function runWriting(store: Services['store'], run: () => Promise<unknown>): Promise<unknown> {
  if (store.failed) throw refusedWrite();
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (store.failed) throw refusedWrite();
    if ((error as Error | null)?.name === 'StoreUnavailableError') throw unavailableWrite();
    throw error;
  }
}

/**
 * The dispatch's `admit` step: authenticates the caller for the contract's access rule
 * (failed credentials counted per client address), then counts the request against the rate
 * limits. What {@link runHandler} does first unless the transport already did it (tRPC does
 * it before parsing the input, as REST checks credentials before reading the body).
 */
export function admit(
  services: Services,
  contract: ContractHandler['contract'],
  request: RequestInfo,
): UserRecord | null {
  const user = authenticateRequest(services, contract.access, request);
  limitRequest(services, request, user);
  return user;
}

/** How one run goes. */
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

/** The ports a handler's operation gets: those it declares, the others left undefined. */
type PortValues = { readonly [P in PortName]: Ports[P] | undefined };

const portValues = new WeakMap<Services, WeakMap<ContractHandler, PortValues>>();

/** The ports `handler` declares, taken from `services` (computed once per core and handler). */
function portsOf(services: Services, handler: ContractHandler): PortValues {
  let byHandler = portValues.get(services);
  if (!byHandler) {
    byHandler = new WeakMap();
    portValues.set(services, byHandler);
  }
  let values = byHandler.get(handler);
  if (!values) {
    const declared = new Set(handler.ports ?? []);
    const take = <P extends PortName>(port: P): Ports[P] | undefined =>
      declared.has(port) ? services[port] : undefined;
    values = {
      files: take('files'),
      outbound: take('outbound'),
      jobs: take('jobs'),
      hooks: take('hooks'),
      store: take('store'),
      rateLimiter: take('rateLimiter'),
    };
    byHandler.set(handler, values);
  }
  return values;
}

/**
 * An operation's context: what every operation gets, and the ports its area declares (the
 * others are undefined: the compiler refuses them already), as own properties (so
 * `{ ...ctx, db }` copies it whole), built with one fixed shape. Spreading the services into
 * a fresh literal per run cost about 5 % of a small request's time.
 */
class RunContext implements Context {
  readonly indexes: Services['indexes'];
  readonly events: Services['events'];
  readonly config: Services['config'];
  readonly now: Services['now'];
  readonly monotonic: Services['monotonic'];
  readonly random: Services['random'];
  readonly log: Services['log'];
  readonly journal: Services['journal'];
  readonly files: PortValues['files'];
  readonly outbound: PortValues['outbound'];
  readonly jobs: PortValues['jobs'];
  readonly hooks: PortValues['hooks'];
  readonly store: PortValues['store'];
  readonly rateLimiter: PortValues['rateLimiter'];

  constructor(
    services: Services,
    ports: PortValues,
    readonly db: Context['db'],
    readonly user: UserRecord | null,
    readonly realm: Context['realm'],
    readonly request: RequestInfo,
    readonly endpoint: Context['endpoint'],
    readonly prepared: unknown,
  ) {
    this.indexes = services.indexes;
    this.events = services.events;
    this.config = services.config;
    // A read of either clock marks the request: its answer may change with time alone.
    this.now = () => {
      request.clockRead = true;
      return services.now();
    };
    this.monotonic = () => {
      request.clockRead = true;
      return services.monotonic();
    };
    this.random = services.random;
    this.log = services.log;
    this.journal = services.journal;
    this.files = ports.files;
    // While the journal records, what the handler sends (a test notification) is journaled as the request's.
    this.outbound =
      ports.outbound && request.journalId !== undefined && services.journal.recording
        ? journalingSender(services, { cause: request.journalId, userId: user?.id ?? null })
        : ports.outbound;
    this.jobs = ports.jobs;
    this.hooks = ports.hooks;
    this.store = ports.store;
    this.rateLimiter = ports.rateLimiter;
  }
}

/** The caller as the store has it now: requests queued behind a writer see its changes. */
function currentCaller(db: Context['db'], user: UserRecord | null, handler: ContractHandler): UserRecord | null {
  if (!user) return null;
  const current = db.get('users', user.id);
  if (!current?.is_active) throw new ApiError('UNAUTHORIZED', 'Account is deactivated');
  checkAccess(current, handler.contract.access);
  return current;
}

/**
 * The dispatch's `run` step, for one handler: admits the caller for the contract's access
 * rule (unless the transport did), runs the handler's `prepare` step outside the lock, then
 * its operation — mutations as one store transaction (answered once durable, undone on
 * error), with the organization and the caller read again inside it; queries and read-only
 * mutations on a read view. Jobs due on the server's clock run first. Both transports (REST
 * and tRPC) come here, so they cannot differ.
 */
export async function runHandler(
  services: Services,
  handler: ContractHandler,
  params: unknown,
  options: RunOptions,
): Promise<unknown> {
  const { contract } = handler;
  const user = options.user !== undefined ? options.user : admit(services, contract, options.request);
  options.request.callerId = user?.id ?? null;
  // An upload holds a slot from before its body is read until it is answered.
  const release = user && takesFiles(contract) ? services.uploadSlots.acquire(user.id) : null;
  try {
    return await runAdmitted(services, handler, user, params, options);
  } finally {
    release?.();
  }
}

const fileContracts = new WeakMap<ContractHandler['contract'], boolean>();

/** Whether the contract has a file parameter (an upload). */
function takesFiles(contract: ContractHandler['contract']): boolean {
  let files = fileContracts.get(contract);
  if (files === undefined) {
    files = Object.values(contract.params.shape).some((schema) => isFileParam(schema as never));
    fileContracts.set(contract, files);
  }
  return files;
}

/**
 * Runs a handler as the journal's request `cause`: what it journals while it runs (the
 * synchronous part), and in the callbacks of its transaction `db` once committed (events,
 * emails, jobs), names the request as its cause.
 */
async function causing(
  journal: Services['journal'],
  cause: number | undefined,
  db: Context['db'] | null,
  run: () => unknown,
): Promise<unknown> {
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
  const write: Services['store']['write'] = (fn) =>
    store.write((db) => causing(journal, cause, db, () => fn(db)) as ReturnType<typeof fn>);
  return new Proxy(store, {
    get(target, property) {
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function runAdmitted(
  services: Services,
  handler: ContractHandler,
  user: UserRecord | null,
  params: unknown,
  options: RunOptions,
): Promise<unknown> {
  const { contract } = handler;
  if (options.readParams) params = await options.readParams();
  // Due jobs first, on every path (REST and tRPC): the operation must not see what they delete.
  const due = services.runDueJobs();
  if (due) await due;
  const { store } = services;
  const operation = handler.operation as (params: unknown, ctx: RunContext) => unknown;
  const ports = portsOf(services, handler);
  /** The operation's context on `db`, with the organization and the caller as `db` has them. */
  const contextOn = (db: Context['db'], prepared: unknown, on: PortValues = ports): RunContext => {
    const realm = db.get('realm', 1);
    if (!realm) throw new Error('[teamchat-server] the store has no organization');
    return new RunContext(
      services,
      on,
      db,
      currentCaller(db, user, handler),
      realm,
      options.request,
      contract,
      prepared,
    );
  };
  const prepare = handler.prepare as ((params: unknown, ctx: RunContext) => Promise<unknown>) | undefined;
  const prepared = prepare ? await prepare(params, contextOn(readView(store), undefined)) : undefined;
  const { readOnly, ownTransactions, writes: writesOnGet } = handler;
  const writes = writesOnGet === true || (contract.method !== 'GET' && !readOnly && !ownTransactions);
  const cause = options.request.journalId;
  const result = writes
    ? await runWriting(store, () =>
        store.write((db) =>
          cause === undefined
            ? operation(params, contextOn(db, prepared))
            : causing(services.journal, cause, db, () => operation(params, contextOn(db, prepared))),
        ),
      )
    : ownTransactions
      ? await runWriting(store, async () =>
          operation(
            params,
            contextOn(
              readView(store),
              prepared,
              cause === undefined || !ports.store
                ? ports
                : { ...ports, store: causingStore(ports.store, services.journal, cause) },
            ),
          ),
        )
      : await causing(services.journal, cause, null, () => operation(params, contextOn(readView(store), prepared)));
  if (options.validateResponse) checkResponse(contract, result);
  return result;
}

/** Answers longer than this are checked every time: their texts are not kept. */
const MAX_REMEMBERED_ANSWER = 64 * 1024;
/** Per contract, the JSON text of the last answer that passed {@link checkResponse}. */
const lastChecked = new WeakMap<object, string>();

/**
 * Checks `result` against the contract's response schema. An answer whose JSON text is that of
 * the last answer of the same contract that passed is the same answer and passes without being
 * checked again: a mock answering one call in a loop (the check took a third of a `users.me()`
 * through the mock).
 */
function checkResponse(contract: ContractHandler['contract'], result: unknown): void {
  const text = typeof result === 'object' && result !== null ? textToRemember(result) : undefined;
  if (text !== undefined && lastChecked.get(contract) === text) return;
  const checked = contract.response.safeParse(result);
  if (!checked.success) {
    throw new Error(
      `[teamchat-server] ${contract.name} answered outside its contract: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  if (text !== undefined && text.length <= MAX_REMEMBERED_ANSWER) lastChecked.set(contract, text);
}

/**
 * The JSON text of an answer, to remember it by: the one made ahead for it, or `JSON.stringify`'s.
 * None for an answer made ahead as bytes, or with a field whose text was made ahead (message
 * lists: large, and rarely asked twice the same).
 */
function textToRemember(result: object): string | undefined {
  const recorded = jsonTextOf(result);
  if (recorded !== undefined) return typeof recorded === 'string' ? recorded : undefined;
  for (const value of Object.values(result)) if (jsonTextOf(value) !== undefined) return undefined;
  return JSON.stringify(result);
}
