import { DATA_FILE_MODE } from './disk-files.js';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Adapter } from 'lowdb';
import type { StoreDocument } from '../types.js';
import { checkDocument } from './check-document.js';
import { DEFAULT_CHUNK_BYTES, documentChunks, SEALED_FORMAT } from './document-chunks.js';
import { readDocumentLines } from './read-document-lines.js';
import { isStoreDamage } from './store-damage.js';
import { errorCode, errorMessage, syncDirectory, writeAll } from './durable-io.js';

/**
 * Default of {@link SnapshotFileOptions.syncEveryBytes}. Measured on a 100,000-message store
 * (50 MB) with a journal writing beside it: one fsync at the end made the journal's fsyncs wait
 * up to 20 ms while it ran (0.4 ms otherwise).
 */
export const SYNC_EVERY_BYTES = 1 << 20;

/** Options of {@link SnapshotFile}. */
export interface SnapshotFileOptions {
  /** Size of the pieces the document is written in; small values make tests exercise the chunking. */
  chunkBytes?: number;
  /**
   * Flush what was written to disk (`fdatasync`) each time this many more bytes were written
   * (default {@link SYNC_EVERY_BYTES}), not only at the end.
   */
  syncEveryBytes?: number;
  /** Runs right before the new snapshot replaces the data file; throwing keeps the old one (the store's claim was lost). */
  beforeReplace?: () => Promise<void>;
}

/**
 * The lowdb adapter of the snapshot: `read()` parses and checks the data file (null when it does
 * not exist), `write()` replaces it atomically with JSON (one entry per line) streamed in chunks.
 *
 * A failed read never touches the file. A write goes to `<data>.tmp`, is fsynced, renamed over
 * the data file, and the directory is fsynced: a crash leaves the old or the new snapshot.
 *
 * @see DESIGN.md "Data and storage" — why not lowdb's `JSONFile` / `JSONFilePreset`.
 */
export class SnapshotFile implements Adapter<StoreDocument> {
  readonly tmpFile: string;
  private readonly chunkBytes: number;
  private readonly syncEveryBytes: number;
  private readonly beforeReplace: () => Promise<void>;

  constructor(
    readonly file: string,
    options: SnapshotFileOptions = {},
  ) {
    this.tmpFile = `${file}.tmp`;
    this.chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
    this.syncEveryBytes = options.syncEveryBytes ?? SYNC_EVERY_BYTES;
    this.beforeReplace = options.beforeReplace ?? (async () => {});
  }

  /**
   * The checked document, or null when the file does not exist. A snapshot in the line layout
   * of {@link documentChunks} is parsed line by line, never held as one string, its lines'
   * checksums checked (a damaged line rejects with a `StoreDamageError`); any other JSON file
   * of a format older than checksums is parsed as a whole.
   */
  async read(): Promise<StoreDocument | null> {
    let lines: StoreDocument | null;
    try {
      lines = await readDocumentLines(this.file);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      if (isStoreDamage(error)) throw error;
      throw new Error(`[teamchat-server] cannot read ${this.file} (${errorMessage(error)}); it was not modified`);
    }
    if (lines) return checkDocument(lines, this.file);
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      throw new Error(`[teamchat-server] cannot read ${this.file} (${errorMessage(error)}); it was not modified`);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new Error(
        `[teamchat-server] ${this.file} is not valid JSON (${errorMessage(error)}); fix or move the file away — it was not modified`,
      );
    }
    const document = checkDocument(value, this.file);
    if (document.format >= SEALED_FORMAT) {
      throw new Error(
        `[teamchat-server] ${this.file} has data format ${document.format} but not its layout of one checksummed record per line (was it reformatted?), so its checksums cannot be checked; restore it, or write it back one record per line — it was not modified`,
      );
    }
    return document;
  }

  /** Replaces the data file with `document`, durably and atomically. */
  async write(document: StoreDocument): Promise<void> {
    await this.writeFlushingEvery(document, this.syncEveryBytes);
  }

  /**
   * Writes the first snapshot of a new store, as durably and atomically: no journal is written
   * beside it yet, so one flush at the end serves (flushing as it goes only keeps a journal's
   * fsyncs from waiting behind a long one). 1,000,000 messages (511 MB): 0.9 s → 0.4 s here.
   */
  async writeFirst(document: StoreDocument): Promise<void> {
    await this.writeFlushingEvery(document, Infinity);
  }

  private async writeFlushingEvery(document: StoreDocument, syncEveryBytes: number): Promise<void> {
    const handle = await open(this.tmpFile, 'w', DATA_FILE_MODE);
    // One chunk is written while the next is encoded.
    let writing: Promise<number> | null = null;
    try {
      // Each chunk is awaited: the event loop keeps serving requests while a large snapshot is
      // written. Flushed as it goes, the snapshot never leaves tens of megabytes for one final
      // fsync, which would hold up the journal's own fsyncs (and every write waiting on them).
      let unsynced = 0;
      for (const chunk of documentChunks(document, this.chunkBytes)) {
        if (writing) unsynced += await writing;
        writing = null;
        if (unsynced >= syncEveryBytes) {
          await handle.datasync();
          unsynced = 0;
        }
        writing = writeAll(handle, chunk);
      }
      if (writing) await writing;
      await handle.sync();
    } catch (error) {
      // A chunk still being written when the next one could not be made.
      await writing?.catch(() => {});
      await handle.close().catch(() => {});
      await unlink(this.tmpFile).catch(() => {});
      throw new Error(`[teamchat-server] cannot write the snapshot ${this.tmpFile} (${errorMessage(error)})`, {
        cause: error,
      });
    }
    await handle.close();
    try {
      await this.beforeReplace();
    } catch (error) {
      await unlink(this.tmpFile).catch(() => {});
      throw error;
    }
    await rename(this.tmpFile, this.file);
    await syncDirectory(dirname(this.file));
  }
}
