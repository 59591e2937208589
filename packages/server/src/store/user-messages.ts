/**
 * The per-user message rows of a store (the real server's UserMessage): for each user, the
 * ascending IDs of the messages they have a row for, and the flag bits of each row (one byte).
 * Held in typed arrays, five bytes a row, so a million messages to a handful of users stay
 * small, and changed in bulk: one journal operation sets or clears a flag on any number of
 * one user's rows.
 */

/** What a {@link UserMessages} table reports to its observers. */
export interface RowObserver {
  /**
   * Rows of `userId` changed: for each `ids[i]` (ascending), its bits went from `before[i]`
   * to `after[i]`; -1 is "no row" (a row created or removed). The arrays are valid during the
   * call only (the table reuses them).
   */
  rowsChanged(userId: number, ids: ArrayLike<number>, before: ArrayLike<number>, after: ArrayLike<number>): void;
}

/** One user's rows, for reading: ascending message IDs and their bits at the same positions. */
export interface UserRowsView {
  readonly length: number;
  /** The message IDs, ascending (a view: valid until the next change of this user's rows). */
  ids(): Int32Array;
  /** The bits of `messageId`, or undefined without a row. */
  get(messageId: number): number | undefined;
  /** Position of the first ID >= `messageId`. */
  lowerBound(messageId: number): number;
  /** The bits at a position (0 ≤ position < length). */
  bitsAt(position: number): number;
}

/** How a table is written to a snapshot: per user, runs of IDs and runs of bits. */
export interface EncodedRows {
  /** `[first, count, first, count, ...]`: runs of consecutive message IDs, ascending. */
  ids: number[];
  /** `[bits, count, bits, count, ...]`: the bits of the rows in ID order, run-length encoded. */
  bits: number[];
}

/** Index of the first element >= `id` in the ascending `ids[0..length)`. */
export function lowerBoundIn(ids: ArrayLike<number>, length: number, id: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Runs of consecutive IDs of an ascending list: `[first, count, ...]`. */
export function idRuns(ids: ArrayLike<number>, length = ids.length): number[] {
  const runs: number[] = [];
  let i = 0;
  while (i < length) {
    const first = ids[i] as number;
    let count = 1;
    while (i + count < length && ids[i + count] === first + count) count += 1;
    runs.push(first, count);
    i += count;
  }
  return runs;
}

/** The ascending IDs of `[first, count, ...]` runs (checked: positive counts, ascending). */
export function expandRuns(runs: readonly number[]): Int32Array<ArrayBuffer> {
  let total = 0;
  for (let i = 1; i < runs.length; i += 2) total += runs[i] as number;
  const ids = new Int32Array(total);
  let at = 0;
  let last = -Infinity;
  for (let i = 0; i + 1 < runs.length; i += 2) {
    const first = runs[i] as number;
    const count = runs[i + 1] as number;
    if (!Number.isInteger(first) || !Number.isInteger(count) || count < 1 || first <= last) {
      throw new Error(`[teamchat-server] invalid ID runs (${first}, ${count})`);
    }
    for (let k = 0; k < count; k += 1) ids[at++] = first + k;
    last = first + count - 1;
  }
  return ids;
}

class UserRows implements UserRowsView {
  idArray: Int32Array<ArrayBuffer> = new Int32Array(16);
  bitArray: Uint8Array<ArrayBuffer> = new Uint8Array(16);
  length = 0;
  /**
   * Whether `idArray` is also another user's (users who received the same messages, loaded
   * from a snapshot: see {@link UserMessages.load}): it is then copied before its IDs change.
   */
  private idsShared = false;
  /** Where the last {@link get} found its row (any position: it is checked before use). */
  private hint = 0;

  ids(): Int32Array {
    return this.idArray.subarray(0, this.length);
  }

  lowerBound(messageId: number): number {
    // New messages have the highest IDs: check the end first.
    if (this.length > 0 && (this.idArray[this.length - 1] as number) < messageId) return this.length;
    return lowerBoundIn(this.idArray, this.length, messageId);
  }

  get(messageId: number): number | undefined {
    // Reads walk IDs in order (a narrow's window, a flags change): the row after or before the
    // last one found comes first.
    const hint = this.hint;
    if (hint + 1 < this.length && this.idArray[hint + 1] === messageId) {
      this.hint = hint + 1;
      return this.bitArray[hint + 1];
    }
    if (hint > 0 && hint - 1 < this.length && this.idArray[hint - 1] === messageId) {
      this.hint = hint - 1;
      return this.bitArray[hint - 1];
    }
    // Further up (the next message of a topic, among the user's others): a gallop from there.
    const at =
      hint < this.length && (this.idArray[hint] as number) < messageId
        ? lowerBoundFrom(this.idArray, hint, this.length, messageId)
        : this.lowerBound(messageId);
    if (at < this.length && this.idArray[at] === messageId) {
      this.hint = at;
      return this.bitArray[at];
    }
    return undefined;
  }

  bitsAt(position: number): number {
    return this.bitArray[position] as number;
  }

  /** Makes `idArray` this user's own before its IDs change. */
  private ownIds(): void {
    if (!this.idsShared) return;
    this.idArray = this.idArray.slice();
    this.idsShared = false;
  }

  private reserve(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.idArray.length) return this.ownIds();
    const size = Math.max(needed, this.idArray.length * 2);
    const ids = new Int32Array(size);
    ids.set(this.idArray.subarray(0, this.length));
    const bits = new Uint8Array(size);
    bits.set(this.bitArray.subarray(0, this.length));
    this.idArray = ids;
    this.bitArray = bits;
    this.idsShared = false;
  }

  /** Sets the row of `messageId` (-1 removes it); returns the previous bits (-1 for none). */
  set(messageId: number, bits: number): number {
    const at = this.lowerBound(messageId);
    const exists = at < this.length && this.idArray[at] === messageId;
    const previous = exists ? (this.bitArray[at] as number) : -1;
    if (bits < 0) {
      if (!exists) return previous;
      this.ownIds();
      this.idArray.copyWithin(at, at + 1, this.length);
      this.bitArray.copyWithin(at, at + 1, this.length);
      this.length -= 1;
    } else if (exists) {
      this.bitArray[at] = bits;
    } else {
      this.reserve(1);
      if (at < this.length) {
        this.idArray.copyWithin(at + 1, at, this.length);
        this.bitArray.copyWithin(at + 1, at, this.length);
      }
      this.idArray[at] = messageId;
      this.bitArray[at] = bits;
      this.length += 1;
    }
    return previous;
  }

  /**
   * For the ascending `ids`: rows get `(bits | set) & ~clear`; missing rows are created from
   * `create` first, or skipped when `create` is negative. Returns, for each ID, its bits
   * before (-1: no row) and after (-1: still none).
   */
  change(ids: Int32Array, set: number, clear: number, create: number): { before: Int16Array; after: Int16Array } {
    const before = new Int16Array(ids.length);
    const after = new Int16Array(ids.length);
    let missing = 0;
    let position = 0;
    for (let i = 0; i < ids.length; i += 1) {
      const id = ids[i] as number;
      // The IDs ascend: search only the rest of the rows.
      position =
        position < this.length && (this.idArray[position] as number) < id
          ? lowerBoundFrom(this.idArray, position, this.length, id)
          : position;
      if (position < this.length && this.idArray[position] === id) {
        const old = this.bitArray[position] as number;
        const next = (old | set) & ~clear;
        before[i] = old;
        after[i] = next;
        this.bitArray[position] = next;
      } else {
        before[i] = -1;
        after[i] = create < 0 ? -1 : (create | set) & ~clear;
        if (create >= 0) missing += 1;
      }
    }
    if (missing > 0) this.insertMissing(ids, after, before, missing);
    return { before, after };
  }

  /** Merges the new rows (`before` -1, `after` set) into the arrays in one pass. */
  private insertMissing(ids: Int32Array, after: Int16Array, before: Int16Array, missing: number): void {
    this.reserve(missing);
    let read = this.length - 1;
    let write = this.length + missing - 1;
    for (let i = ids.length - 1; i >= 0; i -= 1) {
      if (before[i] !== -1 || after[i] === -1) continue;
      const id = ids[i] as number;
      while (read >= 0 && (this.idArray[read] as number) > id) {
        this.idArray[write] = this.idArray[read] as number;
        this.bitArray[write] = this.bitArray[read] as number;
        read -= 1;
        write -= 1;
      }
      this.idArray[write] = id;
      this.bitArray[write] = after[i] as number;
      write -= 1;
    }
    this.length += missing;
  }

  /** Puts back the bits of a {@link change} (undo). */
  restore(ids: Int32Array, before: Int16Array): void {
    for (let i = ids.length - 1; i >= 0; i -= 1) this.set(ids[i] as number, before[i] as number);
  }

  encode(): EncodedRows {
    const bits: number[] = [];
    let i = 0;
    while (i < this.length) {
      const value = this.bitArray[i] as number;
      let count = 1;
      while (i + count < this.length && this.bitArray[i + count] === value) count += 1;
      bits.push(value, count);
      i += count;
    }
    return { ids: idRuns(this.idArray, this.length), bits };
  }

  /**
   * The rows of `encoded`. `decoded` holds the rows decoded so far by their ID runs: a user
   * who received exactly the same messages as an earlier one (everyone in the same channels)
   * shares that user's ID array until either's IDs change, rather than holding four more
   * bytes a row.
   */
  static decode(encoded: EncodedRows, decoded?: Map<string, UserRows>): UserRows {
    const rows = new UserRows();
    const key = decoded ? JSON.stringify(encoded.ids) : '';
    const same = decoded?.get(key);
    const ids = same ? same.idArray : expandRuns(encoded.ids);
    if (same) {
      same.idsShared = true;
      rows.idsShared = true;
    } else if (ids.length > 0) {
      decoded?.set(key, rows);
    }
    const bits = new Uint8Array(ids.length) as Uint8Array<ArrayBuffer>;
    let at = 0;
    for (let i = 0; i + 1 < encoded.bits.length; i += 2) {
      const value = encoded.bits[i] as number;
      const count = encoded.bits[i + 1] as number;
      if (
        !Number.isInteger(value) ||
        value < 0 ||
        value > 255 ||
        !Number.isInteger(count) ||
        count < 1 ||
        at + count > ids.length
      ) {
        throw new Error('[teamchat-server] invalid row bits');
      }
      bits.fill(value, at, at + count);
      at += count;
    }
    if (at !== ids.length) throw new Error(`[teamchat-server] ${ids.length} rows but ${at} bits`);
    rows.idArray = ids.length > 0 ? ids : new Int32Array(16);
    rows.bitArray = ids.length > 0 ? bits : new Uint8Array(16);
    rows.length = ids.length;
    return rows;
  }
}

/**
 * Index of the first element >= `id` in the ascending `ids[from, length)`, searched from `from`
 * upwards by doubling steps, then by halving: O(log d) for an answer d places away.
 */
export function lowerBoundFrom(ids: Int32Array, from: number, length: number, id: number): number {
  // Gallop: most bulk changes touch neighbouring rows.
  let step = 1;
  let lo = from;
  let hi = from + 1;
  while (hi < length && (ids[hi] as number) < id) {
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  hi = Math.min(hi, length);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const NO_ROWS: UserRowsView = {
  length: 0,
  ids: () => new Int32Array(0),
  get: () => undefined,
  lowerBound: () => 0,
  bitsAt: () => 0,
};

/** The rows of every user; changed only through the store's operations. */
export class UserMessages {
  private readonly users = new Map<number, UserRows>();
  private readonly observers: RowObserver[] = [];

  /** The bits of `userId`'s row for `messageId`, or undefined without a row. */
  get(userId: number, messageId: number): number | undefined {
    return this.users.get(userId)?.get(messageId);
  }

  /** The rows of `userId` (empty when none). */
  of(userId: number): UserRowsView {
    return this.users.get(userId) ?? NO_ROWS;
  }

  /** IDs of the users with a row for `messageId`, ascending. */
  usersOf(messageId: number): number[] {
    const found: number[] = [];
    for (const [userId, rows] of this.usersInOrder()) if (rows.get(messageId) !== undefined) found.push(userId);
    return found;
  }

  /** {@link users} by ascending user ID, kept until a user is added (for {@link usersOf}: a topic moved asks for each of its messages). */
  private inOrder: [number, UserRows][] | null = null;

  private usersInOrder(): [number, UserRows][] {
    this.inOrder ??= [...this.users].sort((a, b) => a[0] - b[0]);
    return this.inOrder;
  }

  /** The users that have (or had) rows. */
  userIds(): IterableIterator<number> {
    return this.users.keys();
  }

  /** Keeps `observer` in step; it is fed every row already held. */
  observe(observer: RowObserver): void {
    this.observers.push(observer);
    // One "no row before" array for every user (a million rows each at start-up).
    let longest = 0;
    for (const rows of this.users.values()) longest = Math.max(longest, rows.length);
    const none = new Int16Array(longest).fill(-1);
    for (const [userId, rows] of this.users) {
      observer.rowsChanged(userId, rows.ids(), none.subarray(0, rows.length), rows.bitArray.subarray(0, rows.length));
    }
  }

  /** Stops feeding every observer (see `Store.releaseObservers`). */
  releaseObservers(): void {
    this.observers.length = 0;
  }

  private rows(userId: number): UserRows {
    let rows = this.users.get(userId);
    if (!rows) {
      rows = new UserRows();
      this.users.set(userId, rows);
      this.inOrder = null;
    }
    return rows;
  }

  private notify(userId: number, ids: ArrayLike<number>, before: ArrayLike<number>, after: ArrayLike<number>): void {
    for (const observer of this.observers) observer.rowsChanged(userId, ids, before, after);
  }

  /** One row's change for {@link notify}, in arrays kept for it (a message sent: one per recipient). */
  private readonly one = { ids: new Int32Array(1), before: new Int16Array(1), after: new Int16Array(1) };

  private notifyOne(userId: number, messageId: number, before: number, after: number): void {
    const { one } = this;
    one.ids[0] = messageId;
    one.before[0] = before;
    one.after[0] = after;
    this.notify(userId, one.ids, one.before, one.after);
  }

  /**
   * Sets the rows of one message: `pairs` is `[userId, bits, userId, bits, ...]`, bits -1
   * removing the row. Returns the undo.
   */
  setRows(messageId: number, pairs: readonly number[]): () => void {
    const previous: number[] = [];
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const userId = pairs[i] as number;
      const bits = pairs[i + 1] as number;
      const old = this.rows(userId).set(messageId, bits);
      previous.push(userId, old);
      if (old !== bits) this.notifyOne(userId, messageId, old, bits);
    }
    return () => {
      for (let i = previous.length - 2; i >= 0; i -= 2) {
        const userId = previous[i] as number;
        const bits = previous[i + 1] as number;
        const now = this.rows(userId).set(messageId, bits);
        if (now !== bits) this.notifyOne(userId, messageId, now, bits);
      }
    };
  }

  /**
   * Sets the bits `set` and clears `clear` on `userId`'s rows of the ascending `ids`; a
   * missing row is created from `create` first (skipped when `create` is negative). Returns
   * the undo.
   */
  changeFlags(userId: number, ids: Int32Array, set: number, clear: number, create: number): () => void {
    const rows = this.rows(userId);
    const { before, after } = rows.change(ids, set, clear, create);
    this.notify(userId, ids, before, after);
    return () => {
      rows.restore(ids, before);
      this.notify(userId, ids, after, before);
    };
  }

  /** The table as a snapshot holds it (user ID → runs), copied. */
  encode(): Record<string, EncodedRows> {
    const encoded: Record<string, EncodedRows> = {};
    for (const [userId, rows] of this.users) if (rows.length > 0) encoded[String(userId)] = rows.encode();
    return encoded;
  }

  /** Replaces the rows of the users in `encoded` (loading a snapshot, before any observer). */
  load(encoded: Record<string, EncodedRows>): void {
    // The rows decoded, by their ID runs as JSON (each checked by `expandRuns` when first seen).
    const decoded = new Map<string, UserRows>();
    for (const [key, value] of Object.entries(encoded)) {
      const userId = Number(key);
      if (!Number.isInteger(userId) || !Array.isArray(value?.ids) || !Array.isArray(value?.bits)) {
        throw new Error(`[teamchat-server] invalid rows of user '${key}'`);
      }
      this.users.set(userId, UserRows.decode(value, decoded));
    }
    this.inOrder = null;
  }
}
