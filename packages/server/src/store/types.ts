import type { EncodedRows } from './user-messages.js';

/** Key of a record: numeric IDs from counters, or a string key for records without one. */
export type RecordKey = number | string;

/** Every stored record has a key named `id`. */
export interface StoredRecord {
  id: RecordKey;
}

/** The collections of a document: collection name → record type. */
export type CollectionMap = Record<string, StoredRecord>;

/**
 * One store operation, as journaled: insert or replace a whole record, merge fields into a
 * record, merge keys into one object field of a record (`merge`: the field, the keys set, and
 * the keys removed), or delete one; set the per-user rows of one message (`rows`: message ID,
 * `[userId, bits, ...]` with bits -1 removing a row); or set and clear flag bits on many rows
 * of one user (`flags`: user ID, bits to set, bits to clear, the message IDs as
 * `[first, count, ...]` runs, and the bits a missing row starts from, -1 to skip it).
 */
export type StoreOp =
  | readonly ['put', string, StoredRecord]
  | readonly ['patch', string, RecordKey, Record<string, unknown>]
  | readonly ['merge', string, RecordKey, string, Record<string, unknown>, readonly string[]]
  | readonly ['del', string, RecordKey]
  | readonly ['rows', number, readonly number[]]
  | readonly ['flags', number, number, number, readonly number[], number];

/**
 * The document written to disk: `{ format, seq, counters, collections, user_messages }`.
 * Format 1 (before `user_messages`) kept the rows in each message's `user_flags`; format 2
 * had no checksums (format 3: one per line, see `disk/line-checksum.ts`). Both are still read,
 * and converted by the next snapshot.
 */
export interface StoreDocument {
  format: number;
  /** Number of the last transaction included. */
  seq: number;
  /** Highest ID handed out per collection. */
  counters: Record<string, number>;
  collections: Record<string, StoredRecord[]>;
  /** Per-user message rows: user ID → runs of message IDs and of their flag bits. */
  user_messages?: Record<string, EncodedRows>;
}

/** The version of {@link StoreDocument} this code writes. */
export const STORE_FORMAT = 3;
/** The oldest version this code reads (and converts). */
export const OLDEST_STORE_FORMAT = 1;

/** A committed transaction as the journal holds it. */
export interface JournalEntry {
  seq: number;
  ops: StoreOp[];
}

/** Where committed transactions go: the disk journal, or nowhere for a memory store. */
export interface Persister {
  /** Makes `entry` durable; resolves once it is on disk. */
  append(entry: JournalEntry): Promise<void>;
  /**
   * After a failed `append`, makes the journal writable again if it can (cuts what the failed
   * write left); rejects when it cannot yet. Until it resolves, every `append` is refused.
   */
  resume?(): Promise<void>;
  /** Writes everything to a new snapshot and releases the data file. */
  close(store: { snapshot(): StoreDocument }): Promise<void>;
}

/** Keeps a derived structure (an index) in step with one collection. */
export interface IndexObserver<R> {
  /** A record was inserted (`previous` undefined) or replaced. */
  put(record: R, previous: R | undefined): void;
  /** A record was deleted. */
  delete(previous: R): void;
}
