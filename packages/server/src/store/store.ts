import { compactMessage, legacyRows } from './compact-records.js';
import { RecordMap } from './record-map.js';
import {
  OLDEST_STORE_FORMAT,
  STORE_FORMAT,
  type CollectionMap,
  type IndexObserver,
  type JournalEntry,
  type Persister,
  type RecordKey,
  type StoreDocument,
  type StoreOp,
  type StoredRecord,
} from './types.js';
import { expandRuns, idRuns, UserMessages, type UserRowsView } from './user-messages.js';

type Undo = () => void;

/** How long writes are refused after a failed one before the next write tries the journal again. */
const RETRY_WRITES_AFTER_MS = 1000;

/**
 * A write refused because the journal cannot be written now (a full disk, an I/O error): its
 * changes were undone; writes are tried again a second later, reads go on.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';

  constructor(cause: Error) {
    super(
      `[teamchat-server] the store cannot save changes now (${cause.message.replace(/^\[teamchat-server\] /, '')}); nothing was changed`,
      { cause },
    );
  }
}

/** Reading the per-user message rows (see {@link UserMessages}). */
export interface RowReader {
  /** The bits of `userId`'s row for `messageId`, or undefined without a row. */
  get(userId: number, messageId: number): number | undefined;
  /** The rows of `userId`. */
  of(userId: number): UserRowsView;
  /** IDs of the users with a row for `messageId`, ascending. */
  usersOf(messageId: number): number[];
}

/**
 * The records of one document in memory, changed only through transactions.
 *
 * Records are never mutated in place: a change replaces the record object. Readers may
 * keep references, and a snapshot taken by reference stays consistent while writes go on.
 */
const NO_RECORDS: ReadonlyMap<RecordKey, StoredRecord> = new Map();

export class Store<T extends CollectionMap> {
  private readonly collections = new Map<string, RecordMap>();
  private readonly counters: Record<string, number> = {};
  private readonly observers = new Map<string, IndexObserver<StoredRecord>[]>();
  /** The per-user message rows and their flags (the real server's UserMessage). */
  readonly userMessages = new UserMessages();
  private seq = 0;
  /** Bumped by every change to the records in memory, undos included (see {@link version}). */
  private changes = 0;
  private persister: Persister | null = null;
  private closed = false;
  /** Set when the store lost its claim on its files: it then refuses every write, for good. */
  private failure: Error | null = null;
  private failureListeners: ((error: Error) => void)[] = [];
  /**
   * Set while the journal cannot be written (a full disk, an I/O error): writes are refused
   * until one succeeds again (see {@link write}); reads go on.
   */
  private writeError: Error | null = null;
  /** When the last write failed (performance.now()): the next attempt waits {@link RETRY_WRITES_AFTER_MS}. */
  private writeErrorAt = 0;
  /** Whether a write is testing the journal again after an error. */
  private probing = false;
  private availabilityListeners: ((error: Error | null) => void)[] = [];
  /** Committed transactions not yet durable, oldest first, with how to undo them. */
  private readonly pending: { seq: number; undos: readonly Undo[] }[] = [];
  /** Appends in flight, and the undoing of failed ones (see {@link settle}). */
  private readonly inflight = new Set<Promise<unknown>>();
  private undoing: Promise<void> | null = null;
  /** Where errors of commit callbacks (event delivery) go; they never undo a durable write. */
  reportError: (error: unknown) => void = (error) => console.error('[teamchat-server] error after a commit:', error);
  private writeQueue: Promise<void> = Promise.resolve();

  /**
   * `adopt`: the store takes the record lists of `document` as its own, without copying them
   * (a document just read from disk, which nobody else holds); by default it copies them.
   */
  constructor(document?: StoreDocument, options: { adopt?: boolean } = {}) {
    if (document) this.load(document, options.adopt === true);
  }

  /** Sends committed transactions to `persister` (the disk journal). */
  attach(persister: Persister): void {
    this.persister = persister;
  }

  /** Number of the last committed transaction. */
  get lastSeq(): number {
    return this.seq;
  }

  /**
   * A number that changes with every change to the records in memory: each write as it is
   * made (before its commit), and each undo (a transaction rolled back, a commit that could
   * not be made durable). While it stays the same, every read answers the same: what an
   * answer is kept by (the REST layer's kept answers).
   */
  get version(): number {
    return this.changes;
  }

  /** Undoes writes (`undos`, newest first), as one change of {@link version}. */
  undo(undos: readonly Undo[]): void {
    this.changes += 1;
    for (let u = undos.length - 1; u >= 0; u -= 1) undos[u]?.();
  }

  private collection(name: string): RecordMap {
    let map = this.collections.get(name);
    if (!map) {
      map = new RecordMap();
      this.collections.set(name, map);
    }
    return map;
  }

  /** The record `id` of collection `c`. */
  get<C extends keyof T & string>(c: C, id: RecordKey): T[C] | undefined {
    return this.collections.get(c)?.get(id) as T[C] | undefined;
  }

  /** Every record of collection `c`, in insertion order. */
  all<C extends keyof T & string>(c: C): IterableIterator<T[C]> {
    // A read never creates the collection: the store's snapshot stays as the writes left it.
    return (this.collections.get(c) ?? NO_RECORDS).values() as IterableIterator<T[C]>;
  }

  /** Number of records in collection `c`. */
  count<C extends keyof T & string>(c: C): number {
    return this.collections.get(c)?.size ?? 0;
  }

  /** The next ID of collection `c`; IDs only grow, even across deletes and restarts. */
  nextId<C extends keyof T & string>(c: C): number {
    const next = (this.counters[c] ?? 0) + 1;
    this.counters[c] = next;
    return next;
  }

  /**
   * Keeps an index in step with collection `c`; it is fed every record already stored.
   */
  observe<C extends keyof T & string>(c: C, observer: IndexObserver<T[C]>): void {
    const list = this.observers.get(c) ?? [];
    list.push(observer as unknown as IndexObserver<StoredRecord>);
    this.observers.set(c, list);
    this.collection(c).forEach((record) => observer.put(record as T[C], undefined));
  }

  /**
   * Stops feeding every index observer (of the collections and of the per-user rows): the
   * store, built by one core in memory (a generated organization), can then go to another core
   * (the server's), which observes it afresh, with no copy of its records.
   */
  releaseObservers(): void {
    this.observers.clear();
    this.userMessages.releaseObservers();
  }

  /**
   * Whether the store refuses transactions: closed, or a commit could not be made durable
   * (that commit may still be in the journal and come back at the next start).
   */
  get failed(): boolean {
    return this.closed || this.failure !== null;
  }

  /**
   * A transaction for reads only, available even when the store refuses writes (closed or
   * failed): the caller must not write through it.
   */
  view(): Transaction<T> {
    return new Transaction(this);
  }

  /**
   * Whether the journal cannot be written now (a full disk, an I/O error): writes are refused
   * with a {@link StoreUnavailableError} until one succeeds again; reads go on.
   */
  get unavailable(): boolean {
    return this.writeError !== null;
  }

  /**
   * Calls `listener` when writes start failing (with the error: the journal could not be
   * written) and when they succeed again (with null).
   */
  onAvailability(listener: (error: Error | null) => void): void {
    this.availabilityListeners.push(listener);
  }

  /** Starts a transaction; its operations apply at once and are journaled on commit. */
  begin(): Transaction<T> {
    if (this.closed) throw new Error('[teamchat-server] the store is closed');
    if (this.failure) throw this.failure;
    return new Transaction(this);
  }

  /**
   * Runs `fn` as one transaction, one writer at a time: its writes are journaled in the
   * order they were made, and the returned promise settles once they are durable. When
   * `fn` throws, its writes are undone and nothing is journaled.
   *
   * The lock is held only while `fn` runs, not during the fsync, so concurrent writers
   * share one journal append and fsync (group commit).
   */
  async write<R>(fn: (tx: Transaction<T>) => R | Promise<R>): Promise<R> {
    const previous = this.writeQueue;
    let release!: () => void;
    this.writeQueue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    let durable: Promise<void>;
    let result: R;
    let probe = false;
    try {
      if (this.writeError) probe = await this.tryAgain();
      const tx = this.begin();
      try {
        result = await fn(tx);
      } catch (error) {
        tx.rollback();
        throw error;
      }
      durable = tx.commit();
    } catch (error) {
      if (probe) this.probing = false;
      throw error;
    } finally {
      release();
    }
    try {
      await durable;
    } finally {
      if (probe) this.probing = false;
    }
    return result;
  }

  /**
   * While writes fail, lets one write at a time test the journal again, at most once per
   * {@link RETRY_WRITES_AFTER_MS}: the persister first cuts what the failed write left; the
   * write's own commit then shows whether the disk takes writes again. Others are refused.
   */
  private async tryAgain(): Promise<boolean> {
    const error = this.writeError as Error;
    // The failed commits are undone first (queued behind this writer: it must not wait for them).
    const settling = this.undoing !== null || this.inflight.size > 0;
    if (this.probing || settling || performance.now() - this.writeErrorAt < RETRY_WRITES_AFTER_MS)
      throw new StoreUnavailableError(error);
    this.probing = true;
    try {
      await this.persister?.resume?.();
    } catch (resumeError) {
      this.probing = false;
      this.writeErrorAt = performance.now();
      throw new StoreUnavailableError(resumeError instanceof Error ? resumeError : error);
    }
    return true;
  }

  /** Resolves once every commit so far is durable or undone. */
  private async settle(): Promise<void> {
    while (this.inflight.size > 0 || this.undoing) await Promise.allSettled([...this.inflight, this.undoing]);
  }

  /**
   * Applies one operation to memory and returns how to undo it. Used by transactions and by
   * journal replay.
   */
  apply(op: StoreOp): Undo {
    this.changes += 1;
    const kind = op[0];
    if (kind === 'rows') return this.userMessages.setRows(op[1], op[2]);
    if (kind === 'flags') return this.userMessages.changeFlags(op[1], expandRuns(op[4]), op[2], op[3], op[5]);
    const c = op[1];
    const map = this.collection(c);
    const observers = this.observers.get(c) ?? [];
    if (kind === 'del') {
      const previous = map.get(op[2]);
      if (!previous) return () => {};
      map.delete(op[2]);
      for (const o of observers) o.delete(previous);
      return () => this.restore(c, previous, undefined);
    }
    const previous = map.get(kind === 'put' ? op[2].id : op[2]);
    let record: StoredRecord;
    if (kind === 'put') {
      record = op[2];
    } else if (!previous) {
      throw new Error(`[teamchat-server] ${kind} of missing record ${c}/${String(op[2])}`);
    } else if (kind === 'patch') {
      record = { ...previous, ...op[3] } as StoredRecord;
    } else {
      record = {
        ...previous,
        [op[3]]: mergedObject((previous as unknown as Record<string, unknown>)[op[3]], op[4], op[5]),
      } as StoredRecord;
    }
    let undoRows: Undo | null = null;
    if (c === 'messages') {
      // Journals of format 1 carried the rows inside the message.
      const rows = legacyRows(record, () =>
        previous === undefined ? [] : this.userMessages.usersOf(record.id as number),
      );
      if (rows) {
        record = rows.record;
        undoRows = this.userMessages.setRows(record.id as number, rows.pairs);
      }
      compactMessage(record);
    }
    map.set(record.id, record);
    if (typeof record.id === 'number' && record.id > (this.counters[c] ?? 0)) this.counters[c] = record.id;
    for (const o of observers) o.put(record, previous);
    return () => {
      this.restore(c, previous, record);
      undoRows?.();
    };
  }

  private restore(c: string, previous: StoredRecord | undefined, current: StoredRecord | undefined): void {
    const map = this.collection(c);
    const observers = this.observers.get(c) ?? [];
    if (previous) {
      map.set(previous.id, previous);
      for (const o of observers) o.put(previous, current);
    } else if (current) {
      map.delete(current.id);
      for (const o of observers) o.delete(current);
    }
  }

  /**
   * Calls `listener` once if a commit cannot be made durable. The memory then holds writes
   * the disk does not, and later writes could depend on them, so the store refuses every
   * further write; the server should stop and restart from the journal.
   */
  onFailure(listener: (error: Error) => void): void {
    this.failureListeners.push(listener);
  }

  /**
   * Makes a committed transaction durable; resolves with its sequence number once it is on
   * disk. The number is assigned at once, in commit order.
   */
  async persist(ops: StoreOp[], undos: readonly Undo[] = []): Promise<number> {
    if (ops.length === 0) return this.seq;
    this.seq += 1;
    const entry: JournalEntry = { seq: this.seq, ops };
    if (!this.persister) return entry.seq;
    const pending = { seq: entry.seq, undos };
    this.pending.push(pending);
    const append = this.persister.append(entry);
    this.inflight.add(append);
    try {
      await append;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      this.writeFailed(failure);
      // A store that lost its claim (or is closing) refuses for good, with that error.
      if (this.failed) throw failure;
      throw new StoreUnavailableError(this.writeError ?? failure);
    } finally {
      this.inflight.delete(append);
    }
    this.pending.splice(this.pending.indexOf(pending), 1);
    if (this.writeError && this.probing) {
      this.writeError = null;
      for (const listener of this.availabilityListeners) listener(null);
    }
    return entry.seq;
  }

  /**
   * A commit could not be made durable (and, the journal keeping order, none after it): the
   * memory holds writes the disk does not, so every commit not yet durable is undone, newest
   * first, under the write lock (they were answered with errors, never acknowledged), and writes
   * are refused until one succeeds again. Sequence numbers are not reused.
   */
  private writeFailed(error: Error): void {
    this.writeErrorAt = performance.now();
    if (!this.writeError && !this.failed) {
      this.writeError = error;
      for (const listener of this.availabilityListeners) listener(error);
    }
    if (this.undoing) return;
    const previous = this.writeQueue;
    let release!: () => void;
    this.writeQueue = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.undoing = (async () => {
      try {
        await previous;
        // Appends still in flight were refused with this one (the journal refuses what follows a failed write).
        await Promise.allSettled([...this.inflight]);
        for (let i = this.pending.length - 1; i >= 0; i -= 1) {
          this.undo((this.pending[i] as { undos: readonly Undo[] }).undos);
        }
        this.pending.length = 0;
      } finally {
        this.undoing = null;
        release();
      }
    })();
  }

  /**
   * Refuses every further write, for `error` (a commit that could not be made durable, or the
   * disk store's claim on its files lost); the {@link onFailure} listeners are told once. Reads
   * go on through {@link view}.
   */
  fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const listener of this.failureListeners) listener(error);
  }

  /** Replays a journaled transaction. */
  replay(entry: JournalEntry): void {
    for (const op of entry.ops) this.apply(op);
    this.seq = Math.max(this.seq, entry.seq);
  }

  private load(document: StoreDocument, adopt: boolean): void {
    if (document.format < OLDEST_STORE_FORMAT || document.format > STORE_FORMAT) {
      throw new Error(
        `unknown data format ${String(document.format)} (this server reads formats ${OLDEST_STORE_FORMAT} to ${STORE_FORMAT})`,
      );
    }
    this.seq = document.seq;
    Object.assign(this.counters, document.counters);
    if (document.user_messages) this.userMessages.load(document.user_messages);
    for (const [name, records] of Object.entries(document.collections)) {
      const map = this.collection(name);
      const adopted = adopt && map.adopt(records);
      if (!adopted) {
        // Records come in ascending key order: the last key is the highest (a guess otherwise).
        const last = records[records.length - 1]?.id;
        if (typeof last === 'number' && last <= records.length + 1_000_000) map.reserve(last);
      }
      if (name !== 'messages') {
        if (!adopted) for (const record of records) map.set(record.id, record);
        continue;
      }
      for (let record of records) {
        const rows = legacyRows(record, () => []);
        if (rows) {
          record = rows.record;
          this.userMessages.setRows(record.id as number, rows.pairs);
          if (adopted) map.set(record.id, record);
        }
        compactMessage(record);
        if (!adopted) map.set(record.id, record);
      }
    }
  }

  /**
   * The whole document: records by reference (consistent at the moment of the call, since
   * records are replaced and never changed in place), the per-user rows copied.
   */
  snapshot(): StoreDocument {
    const collections: Record<string, StoredRecord[]> = {};
    for (const [name, map] of this.collections) collections[name] = map.toArray();
    return {
      format: STORE_FORMAT,
      seq: this.seq,
      counters: { ...this.counters },
      collections,
      user_messages: this.userMessages.encode(),
    };
  }

  /**
   * The whole document at one sequence number, every commit in it durable: taken between two
   * writers once the commits in flight are on disk (writes wait meanwhile: one journal write
   * and the {@link snapshot}, `pausedMs`). For an online backup.
   *
   * @throws {StoreUnavailableError} when the journal cannot be written (the document could hold writes it does not).
   */
  async durableSnapshot(): Promise<{ document: StoreDocument; pausedMs: number }> {
    const previous = this.writeQueue;
    let release!: () => void;
    this.writeQueue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    const started = performance.now();
    try {
      // Not `settle()`: undoing a failed commit waits for this writer; a failure sets `writeError` first.
      while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
      if (this.writeError) throw new StoreUnavailableError(this.writeError);
      if (this.failure) throw this.failure;
      return { document: this.snapshot(), pausedMs: performance.now() - started };
    } finally {
      release();
    }
  }

  /**
   * Holds every transaction until `ready` settles (reads go on): a disk store answers while its
   * first snapshot is written, and attaches its persister before any write can commit.
   */
  holdWritesUntil(ready: Promise<unknown>): void {
    const previous = this.writeQueue;
    this.writeQueue = previous.then(() =>
      ready.then(
        () => {},
        () => {},
      ),
    );
  }

  /**
   * Refuses further transactions, lets the one in progress finish (and be journaled), then
   * writes a final snapshot (disk stores).
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Otherwise the final snapshot could hold the writes of a transaction that has not
    // committed yet (and may still roll back), or miss its journal entry, or hold writes that
    // could not be made durable (undone once their append fails).
    await this.writeQueue;
    await this.settle();
    await this.persister?.close(this);
  }
}

/**
 * The writes of one request. Operations apply to memory at once (later reads see them) and
 * are recorded; `commit()` journals them as one entry and runs the `onCommit` callbacks
 * (event delivery); `rollback()` undoes them in reverse order.
 *
 * Domain code must not await between its writes: another request's writes would interleave.
 */
export class Transaction<T extends CollectionMap> {
  private readonly ops: StoreOp[] = [];
  private readonly undos: Undo[] = [];
  private readonly callbacks: ((seq: number) => void)[] = [];
  private done = false;

  constructor(readonly store: Store<T>) {}

  private record(op: StoreOp): void {
    if (this.done) throw new Error('[teamchat-server] write after the transaction ended');
    this.undos.push(this.store.apply(op));
    this.ops.push(op);
  }

  get<C extends keyof T & string>(c: C, id: RecordKey): T[C] | undefined {
    return this.store.get(c, id);
  }

  all<C extends keyof T & string>(c: C): IterableIterator<T[C]> {
    return this.store.all(c);
  }

  nextId<C extends keyof T & string>(c: C): number {
    return this.store.nextId(c);
  }

  /** Inserts or replaces a whole record. */
  put<C extends keyof T & string>(c: C, record: T[C]): T[C] {
    this.record(['put', c, record]);
    return record;
  }

  /**
   * Merges `fields` into record `id` and returns the new record. A field holding an object
   * that changes in a few keys (a user's settings) is journaled as those keys (`merge`), not
   * as the whole object again.
   */
  patch<C extends keyof T & string>(c: C, id: RecordKey, fields: Partial<T[C]>): T[C] {
    const current = this.store.get(c, id) as Record<string, unknown> | undefined;
    let whole: Record<string, unknown> | null = null;
    const merges: StoreOp[] = [];
    for (const [field, value] of Object.entries(fields as Record<string, unknown>)) {
      const change = current === undefined ? null : objectChange(current[field], value);
      if (change) merges.push(['merge', c, id, field, change.set, change.unset]);
      else (whole ??= {})[field] = value;
    }
    if (whole || merges.length === 0) this.record(['patch', c, id, whole ?? {}]);
    for (const merge of merges) this.record(merge);
    return this.store.get(c, id) as T[C];
  }

  /** Deletes record `id` (nothing happens when it does not exist). */
  delete<C extends keyof T & string>(c: C, id: RecordKey): void {
    this.record(['del', c, id]);
  }

  /** The per-user message rows, as this transaction has changed them so far. */
  get rows(): RowReader {
    return this.store.userMessages;
  }

  /**
   * Sets rows of message `messageId`: `bitsByUser` maps user IDs to their row's bits (-1
   * removes the row). One journal operation.
   */
  setRows(messageId: number, bitsByUser: Iterable<readonly [number, number]>): void {
    const pairs: number[] = [];
    for (const [userId, bits] of bitsByUser) pairs.push(userId, bits);
    if (pairs.length > 0) this.record(['rows', messageId, pairs]);
  }

  /**
   * Sets the bits `set` and clears `clear` on the rows of `userId` for `messageIds`
   * (ascending, no duplicates); a missing row starts from `create`, or is skipped when
   * `create` is null. One journal operation, however many messages.
   */
  changeFlags(
    userId: number,
    messageIds: readonly number[],
    change: { set?: number; clear?: number; create: number | null },
  ): void {
    if (messageIds.length === 0) return;
    for (let i = 1; i < messageIds.length; i += 1) {
      if ((messageIds[i] as number) <= (messageIds[i - 1] as number))
        throw new Error('[teamchat-server] changeFlags needs ascending message IDs');
    }
    this.record(['flags', userId, change.set ?? 0, change.clear ?? 0, idRuns(messageIds), change.create ?? -1]);
  }

  /** Whether the transaction wrote anything. */
  get dirty(): boolean {
    return this.ops.length > 0;
  }

  /**
   * Runs `callback` once the transaction is durable (never when it is rolled back), with the
   * transaction's sequence number.
   */
  onCommit(callback: (seq: number) => void): void {
    this.callbacks.push(callback);
  }

  /**
   * Journals the writes; resolves when they are durable, then runs the commit callbacks. A
   * failing callback is reported, not thrown: the write is durable and must be answered so.
   */
  async commit(): Promise<void> {
    if (this.done) return;
    this.done = true;
    const seq = await this.store.persist(this.ops, this.undos);
    for (const callback of this.callbacks) {
      try {
        callback(seq);
      } catch (error) {
        this.store.reportError(error);
      }
    }
  }

  /** Undoes every write of the transaction. */
  rollback(): void {
    if (this.done) return;
    this.done = true;
    this.store.undo(this.undos);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The keys that turn object `before` into object `after` (values compared by identity), when
 * both are plain objects and fewer keys changed than `after` holds; else null.
 */
function objectChange(before: unknown, after: unknown): { set: Record<string, unknown>; unset: string[] } | null {
  if (before === after || !isPlainObject(before) || !isPlainObject(after)) return null;
  const set: Record<string, unknown> = {};
  const unset: string[] = [];
  const keys = Object.keys(after);
  let changes = 0;
  for (const key of keys) {
    if (!Object.hasOwn(before, key) || before[key] !== after[key]) {
      set[key] = after[key];
      changes += 1;
    }
  }
  for (const key in before) {
    if (Object.hasOwn(before, key) && !Object.hasOwn(after, key)) {
      unset.push(key);
      changes += 1;
    }
  }
  return changes < keys.length ? { set, unset } : null;
}

/** `before` (an object, or nothing) without the `unset` keys and with `set` merged in. */
function mergedObject(
  before: unknown,
  set: Record<string, unknown>,
  unset: readonly string[],
): Record<string, unknown> {
  const merged: Record<string, unknown> = isPlainObject(before) ? { ...before } : {};
  for (const key of unset) delete merged[key];
  return Object.assign(merged, set);
}
