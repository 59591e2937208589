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
 * record, or delete one.
 */
export type StoreOp =
  | readonly ['put', string, StoredRecord]
  | readonly ['patch', string, RecordKey, Record<string, unknown>]
  | readonly ['del', string, RecordKey];

/** The document written to disk: `{ format, seq, counters, collections }`. */
export interface StoreDocument {
  format: number;
  /** Number of the last transaction included. */
  seq: number;
  /** Highest ID handed out per collection. */
  counters: Record<string, number>;
  collections: Record<string, StoredRecord[]>;
}

/** The version of {@link StoreDocument} this code reads and writes. */
export const STORE_FORMAT = 1;

/** A committed transaction as the journal holds it. */
export interface JournalEntry {
  seq: number;
  ops: StoreOp[];
}

/** Where committed transactions go: the disk journal, or nowhere for a memory store. */
export interface Persister {
  /** Makes `entry` durable; resolves once it is on disk. */
  append(entry: JournalEntry): Promise<void>;
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
