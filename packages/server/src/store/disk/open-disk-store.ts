import { stat, unlink } from 'node:fs/promises';
import { Low } from 'lowdb';
import { Store } from '../store.js';
import { STORE_FORMAT, type CollectionMap, type JournalEntry, type StoreDocument } from '../types.js';
import { acquireDataLock } from './data-lock.js';
import { diskFiles, type DiskFiles } from './disk-files.js';
import { DiskPersister, type DiskStoreLog } from './disk-persister.js';
import { errorCode, truncateDurably } from './durable-io.js';
import { JournalWriter } from './journal-writer.js';
import { readJournal } from './read-journal.js';
import { SnapshotFile } from './snapshot-file.js';

/** Options of {@link openDiskStore}. */
export interface DiskStoreOptions<T extends CollectionMap> {
  /**
   * The initial contents when the data file does not exist yet: a document, or a function that
   * fills the empty store (its `store.write` calls complete at once). The result is written as the
   * first snapshot before `openDiskStore` resolves.
   */
  seed?: StoreDocument | ((store: Store<T>) => void | Promise<void>);
  /** Journal size (bytes) past which a new snapshot is written. Default 64 MiB. */
  compactAfterBytes?: number;
  /** Where warnings (torn journal line, stale lock), errors and compaction notes go. Default: warnings and errors to the console. */
  log?: Partial<DiskStoreLog>;
}

/** Counters of an open disk store. */
export interface DiskStoreStats {
  /** Journal entries (transactions) made durable since opening. */
  entries: number;
  /** Journal `write` + `fsync` rounds since opening; each serves every transaction queued meanwhile. */
  fsyncs: number;
  /** Snapshots written since opening (start-up recovery and close included). */
  compactions: number;
  /** Current size of the journal, in bytes. */
  journalBytes: number;
}

/** An open disk store: the store itself, and the files and counters behind it. */
export interface DiskStore<T extends CollectionMap> {
  /** The store; `store.close()` flushes, writes a final snapshot and releases the lock. */
  store: Store<T>;
  /** Whether the data file was created (and seeded) by this call. */
  created: boolean;
  dataFile: string;
  journalFile: string;
  lockFile: string;
  /** Writes a snapshot now and shortens the journal. */
  compact(): Promise<void>;
  stats(): DiskStoreStats;
}

/** Default of {@link DiskStoreOptions.compactAfterBytes}. */
export const DEFAULT_COMPACT_AFTER_BYTES = 64 * 1024 * 1024;

/** Calls the caller's logger as a method (a pino or console instance keeps its `this`), or the default. */
function resolveLog(log: Partial<DiskStoreLog> = {}): DiskStoreLog {
  return {
    info: (message) => log.info?.(message),
    warn: (message) => (log.warn ? log.warn(message) : console.warn(message)),
    error: (message) => (log.error ? log.error(message) : console.error(message)),
  };
}

/**
 * Opens the durable store kept in `dataFile`: a JSON snapshot (read and written through lowdb)
 * plus a journal of the transactions committed since (`<data>.journal`), owned by this process
 * through `<data>.lock`. Start-up loads the snapshot and replays the journal; a write resolves
 * once its journal line is fsynced; compaction rewrites the snapshot as the journal grows.
 *
 * Refuses, with an error naming the file and what to do, when another live process owns the
 * data file, or when the snapshot or the journal is damaged; it never modifies them then.
 *
 * @example
 * const { store, created } = await openDiskStore<Db>('./teamchat.json', { seed: seedRealm });
 * await store.write((tx) => tx.put('users', user));
 * await store.close();
 */
export async function openDiskStore<T extends CollectionMap>(
  dataFile: string,
  options: DiskStoreOptions<T> = {},
): Promise<DiskStore<T>> {
  const files = diskFiles(dataFile);
  const log = resolveLog(options.log);
  const lock = await acquireDataLock({ lockFile: files.lock, dataFile: files.data, onStale: log.warn });
  try {
    // lowdb keeps its default data when the file does not exist: that identity means "create".
    const missing = emptyDocument();
    const db = new Low<StoreDocument>(new SnapshotFile(files.data), missing);
    await db.read();
    const created = db.data === missing;
    const store = created ? await createStore(files, db, options.seed) : await loadStore<T>(files, db.data, db, log);
    db.data = emptyDocument();
    const journal = await JournalWriter.open(files.journal, files.compacting);
    const persister = new DiskPersister({
      files,
      store,
      journal,
      db,
      lock,
      compactAfterBytes: options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES,
      log,
    });
    store.attach(persister);
    return {
      store,
      created,
      dataFile: files.data,
      journalFile: files.journal,
      lockFile: files.lock,
      compact: () => persister.compact(),
      stats: () => ({
        entries: journal.stats.entries,
        fsyncs: journal.stats.fsyncs,
        compactions: persister.compactions,
        journalBytes: journal.size,
      }),
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** A new store from the seed, written as the first snapshot before any journal exists. */
async function createStore<T extends CollectionMap>(
  files: DiskFiles,
  db: Low<StoreDocument>,
  seed: DiskStoreOptions<T>['seed'],
): Promise<Store<T>> {
  // A journal without its snapshot is not ours to replay onto a new store, nor to delete.
  for (const journal of [files.journal, files.compacting]) {
    const size = await stat(journal).then(
      (s) => s.size,
      (error: unknown) => {
        if (errorCode(error) === 'ENOENT') return 0;
        throw error;
      },
    );
    if (size > 0) {
      throw new Error(
        `[teamchat-server] the journal ${journal} exists but the data file ${files.data} does not; ` +
          'restore the data file, or move the journal away to start a new store',
      );
    }
  }
  // Seeded in memory (no persister yet): a crash before the snapshot below leaves no data file,
  // and the next start seeds again.
  const store = typeof seed === 'function' || seed === undefined ? new Store<T>() : new Store<T>(seed);
  if (typeof seed === 'function') await seed(store);
  db.data = store.snapshot();
  await db.write();
  return store;
}

/** The store of an existing snapshot, with the journals replayed (and cleaned up after a crash). */
async function loadStore<T extends CollectionMap>(
  files: DiskFiles,
  document: StoreDocument,
  db: Low<StoreDocument>,
  log: DiskStoreLog,
): Promise<Store<T>> {
  const store = new Store<T>(document);
  // Entries already in the snapshot (seq not above it) are skipped: after a crash during a
  // compaction, `.compacting` and even the journal may overlap the snapshot.
  const replay = (entry: JournalEntry) => {
    if (entry.seq > store.lastSeq) store.replay(entry);
  };
  const compacting = await readJournal(files.compacting, replay);
  const journal = await readJournal(files.journal, replay);
  if (compacting?.torn) log.warn(`[teamchat-server] ignored the torn ${compacting.torn} of ${files.compacting}`);
  if (journal?.torn) log.warn(`[teamchat-server] ignored the torn ${journal.torn} of ${files.journal} (a write cut by a crash, never acknowledged)`);

  if (compacting) {
    // A compaction was interrupted: finish it before writing anything new. The snapshot holds
    // every entry of both journals, so both can go once it is durable.
    db.data = store.snapshot();
    await db.write();
    await unlink(files.compacting);
    await truncateDurably(files.journal, 0);
  } else if (journal?.torn) {
    await truncateDurably(files.journal, journal.validBytes);
  }
  return store;
}

/** A document with nothing in it. */
function emptyDocument(): StoreDocument {
  return { format: STORE_FORMAT, seq: 0, counters: {}, collections: {} };
}
