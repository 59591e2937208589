import { access, stat, unlink } from 'node:fs/promises';
import type { Low } from 'lowdb';
import type { JournalEntry, Persister, StoreDocument } from '../types.js';
import type { DiskFiles } from './disk-files.js';
import { errorCode, errorMessage } from './durable-io.js';
import type { JournalWriter } from './journal-writer.js';
import { sealObject } from './line-checksum.js';
import type { StoreClaim } from './store-claim.js';

/** Where diagnostics of a disk store go. */
export interface DiskStoreLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** What the persister needs of the store: a point-in-time snapshot taken under the write lock. */
export interface SnapshotSource {
  snapshot(): StoreDocument;
  write<R>(fn: () => R): Promise<R>;
}

/** Parts of a {@link DiskPersister}, assembled by `openDiskStore`. */
export interface DiskPersisterParts {
  files: DiskFiles;
  store: SnapshotSource;
  journal: JournalWriter;
  /** The lowdb database whose adapter writes snapshots. */
  db: Low<StoreDocument>;
  /** This process's ownership of the files: checked before any file is replaced or removed. */
  claim: StoreClaim;
  /** The least journal size (bytes) that starts a compaction; see {@link DiskPersister}. */
  compactAfterBytes: number;
  /** Size of the data file when the store was opened, in bytes. */
  snapshotBytes: number;
  log: DiskStoreLog;
  /** Runs first when the store closes (the backup channel stops). */
  beforeClose?: () => Promise<void>;
}

/**
 * The {@link Persister} of a disk store: journals committed transactions with group commit and
 * folds the journal into a new snapshot (compaction) at close, and when the journal has grown
 * to `compactAfterBytes` or to the size of the last snapshot, whichever is larger. A compaction
 * rewrites the whole snapshot, so tying it to the snapshot's size keeps its cost in proportion
 * to the writes it folds in (a 500 MB snapshot is not rewritten for every 64 MiB of journal),
 * while start-up still replays at most about a snapshot's worth of journal. One compaction
 * runs at a time.
 *
 * A compaction takes a snapshot by reference under the store's write lock and, at that same
 * point, queues a journal rotation: earlier transactions stay in the old journal (renamed to
 * `.compacting`), later ones go to a new one. The snapshot is then written through lowdb, and
 * `.compacting` is deleted only after it is durable, so every acknowledged transaction is in the
 * snapshot or in a journal that start-up replays.
 */
export class DiskPersister implements Persister {
  /** Compactions completed since opening. */
  compactions = 0;
  /** The running compaction (never rejects), or null. */
  private compacting: Promise<void> | null = null;
  /** After a failed compaction, wait until the journal grows this large before trying again. */
  private retryAtBytes = 0;
  /** Size of the last snapshot written (or read at open), in bytes. */
  private snapshotBytes: number;
  private closing = false;

  constructor(private readonly parts: DiskPersisterParts) {
    this.snapshotBytes = parts.snapshotBytes;
  }

  /** The journal size, in bytes, at which the next compaction starts. */
  get compactAtBytes(): number {
    return Math.max(this.parts.compactAfterBytes, this.snapshotBytes, this.retryAtBytes);
  }

  /** Appends `entry` to the journal, with its checksum; resolves once it is durable. */
  append(entry: JournalEntry): Promise<void> {
    if (this.closing) return Promise.reject(new Error('[teamchat-server] the store is closed'));
    let line: string;
    try {
      line = `${sealObject(JSON.stringify(entry))}\n`;
    } catch (error) {
      return Promise.reject(error);
    }
    const durable = this.parts.journal.append(line);
    this.compactIfLarge();
    return durable;
  }

  /** After a failed append: cuts what it left in the journal and accepts appends again, or rejects. */
  resume(): Promise<void> {
    return this.parts.journal.resume();
  }

  /** Writes a new snapshot now (after the running compaction, if any), and shortens the journal. */
  compact(): Promise<void> {
    const previous = this.compacting ?? Promise.resolve();
    const run = previous.then(() => this.runCompaction((leftover) => this.snapshotUnderLock(leftover)));
    this.track(run);
    return run;
  }

  /**
   * Flushes the journal, writes a final snapshot and releases the claim. A store whose claim was
   * lost writes no snapshot: the files may be another server's now.
   */
  async close(store: { snapshot(): StoreDocument }): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    try {
      await this.parts.beforeClose?.();
      await this.compacting;
      await this.parts.journal.flush();
      // The store is closed and its writes are done: a plain snapshot is consistent.
      if (!this.parts.claim.lost)
        await this.runCompaction((leftover) => this.takeSnapshot(() => store.snapshot(), leftover));
    } finally {
      await this.parts.journal.close().catch((error: unknown) => this.parts.log.error(errorMessage(error)));
      await this.parts.claim.release();
    }
  }

  private track(run: Promise<void>): void {
    const tracked: Promise<void> = run
      .then(
        () => {},
        () => {},
      )
      .then(() => {
        if (this.compacting === tracked) this.compacting = null;
      });
    this.compacting = tracked;
  }

  private compactIfLarge(): void {
    if (this.compacting || this.closing) return;
    const { journal, compactAfterBytes } = this.parts;
    const bytes = journal.size + journal.pendingChars;
    if (bytes < this.compactAtBytes) return;
    const run = this.runCompaction((leftover) => this.snapshotUnderLock(leftover));
    this.track(run);
    run.then(
      () => {
        this.retryAtBytes = 0;
      },
      (error: unknown) => {
        this.retryAtBytes = bytes + compactAfterBytes;
        // A compaction refused because the store closed meanwhile is replaced by the final one;
        // one refused because the claim was lost was reported when it was lost.
        if (!this.closing && !this.parts.claim.lost)
          this.parts.log.error(`[teamchat-server] compaction failed, will retry later: ${errorMessage(error)}`);
      },
    );
  }

  /** Takes the snapshot and marks the rotation inside a (write-free) transaction, between two writers. */
  private snapshotUnderLock(leftover: boolean): Promise<Taken> {
    return this.parts.store.write(() => this.takeSnapshot(() => this.parts.store.snapshot(), leftover));
  }

  /**
   * Takes a snapshot and, in the same synchronous step, queues the journal rotation. When
   * `.compacting` is left over from a failed compaction, it holds entries that are in no snapshot
   * yet: no rotation over it then; this compaction removes it and the next one rotates.
   */
  private takeSnapshot(snapshot: () => StoreDocument, leftover: boolean): Taken {
    const document = snapshot();
    return { document, rotated: leftover ? null : this.parts.journal.rotate() };
  }

  private async runCompaction(take: (leftover: boolean) => Taken | Promise<Taken>): Promise<void> {
    const { files, db, log, claim } = this.parts;
    const started = performance.now();
    await claim.check();
    // Only compactions create or delete `.compacting`, and they run one at a time.
    const leftover = await exists(files.compacting);
    const { document, rotated } = await take(leftover);
    if (rotated) await rotated;
    db.data = document;
    try {
      await db.write();
    } finally {
      // Do not keep the snapshot's arrays alive until the next compaction.
      db.data = { ...document, collections: {} };
    }
    await claim.check();
    await unlink(files.compacting).catch((error: unknown) => {
      if (errorCode(error) !== 'ENOENT') throw error;
    });
    this.snapshotBytes = (await stat(files.data)).size;
    this.compactions += 1;
    const records = Object.values(document.collections).reduce((sum, list) => sum + list.length, 0);
    log.info(
      `[teamchat-server] wrote snapshot ${files.data} (seq ${document.seq}, ${records} records) in ${Math.round(performance.now() - started)} ms`,
    );
  }
}

/** A snapshot, and the rotation queued with it (null when there is none). */
interface Taken {
  document: StoreDocument;
  rotated: Promise<void> | null;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
