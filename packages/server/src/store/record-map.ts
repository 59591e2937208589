import type { RecordKey, StoredRecord } from './types.js';

/**
 * The records of one collection by key, in insertion order: a `Map`, except while every key
 * is a positive integer inserted in ascending order (IDs from counters: messages, users, …).
 * Then the records sit in an array indexed by ID (ID 1 at 0), which is several times smaller and faster
 * than a `Map` of a million entries, and its ID order is the insertion order. The first key
 * that breaks that order turns it into a `Map` for good.
 */
export class RecordMap {
  private slots: (StoredRecord | undefined)[] | null = [];
  private map: Map<RecordKey, StoredRecord> | null = null;
  private count = 0;
  /** The highest key inserted so far (while in the array). */
  private top = 0;

  get size(): number {
    return this.map ? this.map.size : this.count;
  }

  get(key: RecordKey): StoredRecord | undefined {
    if (this.map) return this.map.get(key);
    return typeof key === 'number' && key > 0 ? (this.slots as (StoredRecord | undefined)[])[key - 1] : undefined;
  }

  set(key: RecordKey, record: StoredRecord): void {
    if (this.map) {
      this.map.set(key, record);
      return;
    }
    const slots = this.slots as (StoredRecord | undefined)[];
    if (typeof key === 'number' && Number.isInteger(key) && key > 0 && key <= 0x7fffffff) {
      const at = key - 1;
      if (slots[at] !== undefined) {
        slots[at] = record;
        return;
      }
      // A new key must come after every key so far (and not leave a huge gap).
      if (key > this.top && at - slots.length < 1_000_000) {
        if (at < slots.length) {
          slots[at] = record; // within the room made by `reserve`
        } else {
          while (slots.length < at) slots.push(undefined);
          slots.push(record);
        }
        this.top = key;
        this.count += 1;
        return;
      }
    }
    this.toMap().set(key, record);
  }

  /**
   * Makes room, once, for keys up to `highest` before the first record is set (loading a
   * snapshot whose records come in ascending key order): the array is then allocated at its
   * size rather than grown and copied about twenty times for a million records, each copy
   * left as garbage. Nothing happens once records are held, or in a `Map`.
   */
  reserve(highest: number): void {
    if (this.map || this.count > 0 || !Number.isInteger(highest) || highest < 1 || highest > 0x7fffffff) return;
    this.slots = new Array<StoredRecord | undefined>(highest);
  }

  /**
   * Takes `records` (of IDs 1, 2, 3, … in that order, as a snapshot of a collection without
   * deletions holds them) as its array, without a copy, when nothing is held yet: a million
   * messages are then stored without touching them. Returns false, changing nothing, for any
   * other list. The caller gives the list up: the map changes it from then on.
   */
  adopt(records: StoredRecord[]): boolean {
    if (this.map || this.count > 0 || records.length === 0) return false;
    for (let i = 0; i < records.length; i += 1) if (records[i]?.id !== i + 1) return false;
    this.slots = records;
    this.top = records.length;
    this.count = records.length;
    return true;
  }

  delete(key: RecordKey): boolean {
    if (this.map) return this.map.delete(key);
    const slots = this.slots as (StoredRecord | undefined)[];
    if (typeof key !== 'number' || key < 1 || slots[key - 1] === undefined) return false;
    slots[key - 1] = undefined;
    this.count -= 1;
    return true;
  }

  *values(): IterableIterator<StoredRecord> {
    if (this.map) {
      yield* this.map.values();
      return;
    }
    const slots = this.slots as (StoredRecord | undefined)[];
    for (let i = 0; i < slots.length; i += 1) {
      const record = slots[i];
      if (record !== undefined) yield record;
    }
  }

  /** Calls `fn` with each record, in insertion order (no iterator: a million records at start-up). */
  forEach(fn: (record: StoredRecord) => void): void {
    if (this.map) {
      for (const record of this.map.values()) fn(record);
      return;
    }
    const slots = this.slots as (StoredRecord | undefined)[];
    for (let i = 0; i < slots.length; i += 1) {
      const record = slots[i];
      if (record !== undefined) fn(record);
    }
  }

  /** The records in insertion order, as a new array. */
  toArray(): StoredRecord[] {
    if (this.map) return Array.from(this.map.values());
    const records: StoredRecord[] = [];
    for (const record of this.slots as (StoredRecord | undefined)[]) if (record !== undefined) records.push(record);
    return records;
  }

  private toMap(): Map<RecordKey, StoredRecord> {
    const map = new Map<RecordKey, StoredRecord>();
    for (const record of this.values()) map.set(record.id, record);
    this.map = map;
    this.slots = null;
    return map;
  }
}
