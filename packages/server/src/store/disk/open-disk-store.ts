import { stat, unlink } from 'node:fs/promises';
import { Low } from 'lowdb';
import { Store } from '../store.js';
import { STORE_FORMAT, type CollectionMap, type JournalEntry, type StoreDocument } from '../types.js';
import { openBackupChannel, type ChannelOperation } from './backup-channel.js';
import { diskFiles, realDataPath, type DiskFiles } from './disk-files.js';
import { SEALED_FORMAT } from './document-chunks.js';
import { DiskPersister, type DiskStoreLog } from './disk-persister.js';
import { errorCode, errorMessage } from './durable-io.js';
import { JournalWriter } from './journal-writer.js';
import { readJournal } from './read-journal.js';
import { SnapshotFile } from './snapshot-file.js';
import { claimStore } from './store-claim.js';

/** Options of {@link openDiskStore}. */
export interface DiskStoreOptions<T extends CollectionMap> {
  /**
   * The initial contents when the data file does not exist yet: a document, a memory store
   * (taken as it is: no persister, no observers; see `Store.releaseObservers`), or a function
   * that fills the empty store (its `store.write` calls complete at once). The result is written
   * as the first snapshot before `openDiskStore` resolves (see {@link answerBeforeFirstSnapshot}).
   */
  seed?: StoreDocument | Store<T> | ((store: Store<T>) => void | Promise<void>);
  /**
   * Journal size (bytes) past which a new snapshot is written, unless the last snapshot is
   * larger: the journal then grows to the snapshot's size first (see `DiskPersister`).
   * Default 64 MiB.
   */
  compactAfterBytes?: number;
  /** Where warnings (torn journal line, stale lock), errors and compaction notes go. Default: warnings and errors to the console. */
  log?: Partial<DiskStoreLog>;
  /**
   * Hold the store with the kernel-held claim where the platform has one (default true; Linux).
   * Off, the lock file alone guards the store, as on other platforms.
   */
  kernelClaim?: boolean;
  /** How often an idle store checks that it still owns its files, in milliseconds (default 2000). */
  claimCheckMs?: number;
  /**
   * Serve online backups (`teamchat-server backup`) on a loopback port named, with its key, in
   * `<data>.control` (see `openBackupChannel`). Default false.
   */
  backupChannel?: boolean;
  /**
   * For a new store: resolve as soon as the seed is in memory, and write the first snapshot
   * while the store answers reads; every transaction waits until that snapshot is durable and
   * the journal is open (so no write is acknowledged before it could be replayed), and
   * `compact`, `stats` and the control channel start then. A failure to write it fails the
   * store (see `Store.onFailure`). For a large generated organization (`--populate`), whose
   * first snapshot takes seconds. Default false: the first snapshot is written before
   * `openDiskStore` resolves.
   */
  answerBeforeFirstSnapshot?: boolean;
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
  /** The data file's real path (symbolic links resolved): the other files are beside it. */
  dataFile: string;
  journalFile: string;
  lockFile: string;
  /** Writes a snapshot now and shortens the journal. */
  compact(): Promise<void>;
  /**
   * Calls `listener` once if this process loses its claim on the files (its lock file replaced,
   * or deleted where no kernel claim vouches for it): the store then refuses every write and
   * will write no snapshot. The loss itself is logged (one error line).
   */
  onClaimLost(listener: (error: Error) => void): void;
  stats(): DiskStoreStats;
  /**
   * Serves another operation on the store's control channel (see `openBackupChannel`), such as
   * the operator's requests to the running server; nothing without {@link DiskStoreOptions.backupChannel}.
   */
  serveControl(op: string, operation: ChannelOperation): void;
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
  const files = diskFiles(await realDataPath(dataFile));
  const log = resolveLog(options.log);
  const claim = await claimStore(files, {
    log,
    ...(options.kernelClaim === undefined ? {} : { kernelClaim: options.kernelClaim }),
    ...(options.claimCheckMs === undefined ? {} : { watchMs: options.claimCheckMs }),
  });
  try {
    // lowdb keeps its default data when the file does not exist: that identity means "create".
    const missing = emptyDocument();
    const snapshotFile = new SnapshotFile(files.data, { beforeReplace: () => claim.check() });
    const db = new Low<StoreDocument>(snapshotFile, missing);
    await db.read();
    const created = db.data === missing;
    const background = created && options.answerBeforeFirstSnapshot === true;
    const store = created ? await createStore(files, options.seed) : await loadStore<T>(files, db.data, db, log);
    db.data = emptyDocument();
    /** The journal, the persister and the control channel, once the data file exists. */
    const attach = async () => {
      if (created) await snapshotFile.writeFirst(store.snapshot());
      const journal = await JournalWriter.open(files.journal, files.compacting, () => claim.check());
      const channel = options.backupChannel
        ? await openBackupChannel(files.data, () => store.durableSnapshot(), log)
        : null;
      const persister = new DiskPersister({
        files,
        store,
        journal,
        db,
        claim,
        compactAfterBytes: options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES,
        snapshotBytes: (await stat(files.data)).size,
        log,
        ...(channel ? { beforeClose: () => channel.close() } : {}),
      });
      store.attach(persister);
      return { journal, channel, persister };
    };
    let attached: Awaited<ReturnType<typeof attach>> | null = null;
    const attaching = attach().then((parts) => {
      attached = parts;
      return parts;
    });
    if (background) {
      // Writes wait for the persister. A failure fails the store (reads go on) and gives the
      // files up before any waiting write runs, so none runs without a persister.
      store.holdWritesUntil(
        attaching.catch(async (error: unknown) => {
          store.fail(
            new Error(
              `[teamchat-server] the new store ${files.data} could not be written (${errorMessage(error)}): it refuses writes`,
              { cause: error },
            ),
          );
          await claim.release();
        }),
      );
    } else {
      await attaching;
    }
    claim.onLost((error) => store.fail(error));
    // One line when writes start failing (a full disk, an I/O error), one when they succeed again.
    store.onAvailability((error) => {
      if (error)
        log.error(
          `${error.message}: refusing writes (503) until it can be written again, tried at the next write; reads go on`,
        );
      else log.info(`[teamchat-server] the journal ${files.journal} can be written again: accepting writes`);
    });
    return {
      store,
      created,
      dataFile: files.data,
      journalFile: files.journal,
      lockFile: files.lock,
      compact: () => attaching.then(({ persister }) => persister.compact()),
      onClaimLost(listener) {
        claim.onLost(listener);
      },
      serveControl(op, operation) {
        // The channel opens with the journal (later, while a first snapshot is written in the background).
        void attaching.then(
          ({ channel }) => channel?.serve(op, operation),
          () => {},
        );
      },
      stats: () => ({
        entries: attached?.journal.stats.entries ?? 0,
        fsyncs: attached?.journal.stats.fsyncs ?? 0,
        compactions: attached?.persister.compactions ?? 0,
        journalBytes: attached?.journal.size ?? 0,
      }),
    };
  } catch (error) {
    await claim.release();
    throw error;
  }
}

/** A new store from the seed, in memory: the caller writes it as the first snapshot before any journal exists. */
async function createStore<T extends CollectionMap>(
  files: DiskFiles,
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
  const store =
    seed instanceof Store
      ? seed
      : typeof seed === 'function' || seed === undefined
        ? new Store<T>()
        : new Store<T>(seed);
  if (typeof seed === 'function') await seed(store);
  return store;
}

/** The store of an existing snapshot, with the journals replayed (and cleaned up after a crash). */
async function loadStore<T extends CollectionMap>(
  files: DiskFiles,
  document: StoreDocument,
  db: Low<StoreDocument>,
  log: DiskStoreLog,
): Promise<Store<T>> {
  // The document was just read from the file, and is dropped once loaded.
  const store = new Store<T>(document, { adopt: true });
  // Entries already in the snapshot (seq not above it) are skipped: after a crash during a
  // compaction, `.compacting` and even the journal may overlap the snapshot.
  const replay = (entry: JournalEntry) => {
    if (entry.seq > store.lastSeq) store.replay(entry);
  };
  const options = { requireChecksums: document.format >= SEALED_FORMAT };
  const compacting = await readJournal(files.compacting, replay, options);
  const journal = await readJournal(files.journal, replay, options);
  if (compacting?.torn) log.warn(`[teamchat-server] ignored the torn ${compacting.torn} of ${files.compacting}`);
  if (journal?.torn)
    log.warn(
      `[teamchat-server] ignored the torn ${journal.torn} of ${files.journal} (a write cut by a crash, never acknowledged)`,
    );

  if (compacting || (journal && journal.bytes > 0)) {
    // A crash (or an interrupted compaction) left entries in the journals: fold them into a
    // snapshot before the journals go.
    db.data = store.snapshot();
    await db.write();
    if (compacting) await unlink(files.compacting);
  }
  // Every start writes a new journal file rather than appending to the old one: a process that
  // still has the old file open (one that lost its claim on these files without noticing yet)
  // can then add nothing to the journal this process writes and replays.
  await unlink(files.journal).catch((error: unknown) => {
    if (errorCode(error) !== 'ENOENT') throw error;
  });
  return store;
}

/** A document with nothing in it. */
function emptyDocument(): StoreDocument {
  return { format: STORE_FORMAT, seq: 0, counters: {}, collections: {} };
}
