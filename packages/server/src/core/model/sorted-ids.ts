import { lowerBoundFrom } from '../../store/user-messages.js';

/** Index of the first element >= `id` in ascending `ids`. */
export function lowerBound(ids: ArrayLike<number>, id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const NONE = new Int32Array(0);

/**
 * A growable ascending list of message IDs in an `Int32Array` (four bytes an ID): what the
 * message indexes keep per channel, topic, conversation and per user. Appending a new, highest
 * ID is O(1); bulk additions and removals take one pass.
 */
export class SortedIds {
  private data: Int32Array<ArrayBuffer> = NONE;
  private count = 0;
  private cached: Int32Array | null = null;

  /** Number of IDs. */
  get size(): number {
    return this.count;
  }

  /** The IDs, ascending; valid until the next change. */
  view(): Int32Array {
    return (this.cached ??= this.data.subarray(0, this.count));
  }

  /** The highest ID, or undefined. */
  get last(): number | undefined {
    return this.count > 0 ? this.data[this.count - 1] : undefined;
  }

  has(id: number): boolean {
    const at = this.position(id);
    return at < this.count && this.data[at] === id;
  }

  /** Position of the first ID >= `id`. */
  position(id: number): number {
    if (this.count > 0 && (this.data[this.count - 1] as number) < id) return this.count;
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.data[mid] as number) < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Makes room for `extra` more IDs: the list grows by half (appends stay O(1) on average), or
   * to the exact size for a bulk addition larger than that (a list filled at start-up).
   */
  reserve(extra: number): void {
    const needed = this.count + extra;
    if (needed <= this.data.length) return;
    const grown = new Int32Array(Math.max(needed, 8, Math.floor(this.data.length * 1.5)));
    grown.set(this.data.subarray(0, this.count));
    this.data = grown;
  }

  /**
   * Gives back the room kept for more IDs (a list filled at start-up holds up to half its size
   * again, grown by half at a time): the array is copied to its size when that frees an eighth.
   */
  trim(): void {
    if (this.data.length - this.count <= this.data.length / 8) return;
    this.data = this.data.slice(0, this.count);
    this.cached = null;
  }

  /** Appends `id`, which must be above every ID held (the caller checks: see {@link last}). */
  push(id: number): void {
    this.reserve(1);
    this.data[this.count] = id;
    this.count += 1;
    this.cached = null;
  }

  /** Adds `id` (nothing when present). */
  add(id: number): void {
    const at = this.position(id);
    if (at < this.count && this.data[at] === id) return;
    this.reserve(1);
    if (at < this.count) this.data.copyWithin(at + 1, at, this.count);
    this.data[at] = id;
    this.count += 1;
    this.cached = null;
  }

  /**
   * Removes `id` (nothing when absent). The shorter side moves: removing a list's IDs oldest
   * first (a topic moved away) is then O(1) each, the front of the array left behind.
   */
  delete(id: number): void {
    const at = this.position(id);
    if (at >= this.count || this.data[at] !== id) return;
    if (at < this.count - at - 1) {
      this.data.copyWithin(1, 0, at);
      this.data = this.data.subarray(1);
    } else {
      this.data.copyWithin(at, at + 1, this.count);
    }
    this.count -= 1;
    this.cached = null;
  }

  /** Adds the ascending `ids` (those already present are skipped), in one pass. */
  addMany(ids: ArrayLike<number>): void {
    if (ids.length === 0) return;
    const first = ids[0] as number;
    if (this.count === 0 || (this.data[this.count - 1] as number) < first) {
      this.reserve(ids.length);
      for (let i = 0; i < ids.length; i += 1) this.data[this.count + i] = ids[i] as number;
      this.count += ids.length;
      this.cached = null;
      return;
    }
    // Which IDs are new: one walk up the list, each search starting where the last one ended
    // (the IDs of a topic marked unread sit in one gap: a step or two each).
    const fresh: number[] = [];
    let at = 0;
    for (let i = 0; i < ids.length; i += 1) {
      const id = ids[i] as number;
      at = lowerBoundFrom(this.data, at, this.count, id);
      if (at >= this.count || this.data[at] !== id) fresh.push(id);
    }
    if (fresh.length === 0) return;
    this.reserve(fresh.length);
    // Merge from the end, in place: each run of old IDs above the next new one moves in one
    // copy (the IDs of a topic marked unread land in one gap, and the tail moves once).
    let read = this.count;
    let write = this.count + fresh.length;
    for (let i = fresh.length - 1; i >= 0; i -= 1) {
      const id = fresh[i] as number;
      const lo = gallopDown(this.data, read, id);
      const moved = read - lo;
      if (moved > 0) {
        this.data.copyWithin(write - moved, lo, read);
        write -= moved;
        read = lo;
      }
      write -= 1;
      this.data[write] = id;
    }
    this.count += fresh.length;
    this.cached = null;
  }

  /** Removes the ascending `ids` (absent ones are skipped), in one pass. */
  removeMany(ids: ArrayLike<number>): void {
    if (ids.length === 0 || this.count === 0) return;
    let write = this.position(ids[0] as number);
    let read = write;
    for (let k = 0; k < ids.length && read < this.count; k += 1) {
      const id = ids[k] as number;
      let at = read;
      while (at < this.count && (this.data[at] as number) < id) at += 1;
      if (write !== read) this.data.copyWithin(write, read, at);
      write += at - read;
      read = at;
      if (read < this.count && this.data[read] === id) read += 1;
    }
    if (write !== read) {
      this.data.copyWithin(write, read, this.count);
      this.count -= read - write;
      this.cached = null;
    }
  }
}

/**
 * Position of the first element >= `id` in the ascending `data[0, to)`, searched from `to`
 * downwards by doubling steps, then by halving: O(log d) for an answer d places below `to`.
 */
function gallopDown(data: Int32Array, to: number, id: number): number {
  if (to === 0 || (data[to - 1] as number) < id) return to;
  // data[hi] >= id from here on (hi < to).
  let hi = to - 1;
  let step = 1;
  let lo = hi - 1;
  while (lo >= 0 && (data[lo] as number) >= id) {
    hi = lo;
    step *= 2;
    lo = to - 1 - step;
  }
  // data[lo] < id (or lo < 0); the answer is in (lo, hi].
  lo = Math.max(lo + 1, 0);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((data[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
