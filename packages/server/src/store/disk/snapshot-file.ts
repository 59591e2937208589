import { DATA_FILE_MODE } from './disk-files.js';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Adapter } from 'lowdb';
import type { StoreDocument } from '../types.js';
import { checkDocument } from './check-document.js';
import { DEFAULT_CHUNK_CHARS, documentChunks } from './document-chunks.js';
import { errorCode, errorMessage, syncDirectory, writeAll } from './durable-io.js';

/** Options of {@link SnapshotFile}. */
export interface SnapshotFileOptions {
  /** Size of the pieces the document is written in; small values make tests exercise the chunking. */
  chunkChars?: number;
  /** Runs right before the new snapshot replaces the data file; throwing keeps the old one (the store's claim was lost). */
  beforeReplace?: () => Promise<void>;
}

/**
 * The lowdb adapter of the snapshot: `read()` parses and checks the data file (null when it does
 * not exist), `write()` replaces it atomically with compact JSON streamed in chunks.
 *
 * A failed read never touches the file. A write goes to `<data>.tmp`, is fsynced, renamed over
 * the data file, and the directory is fsynced: a crash leaves the old or the new snapshot.
 *
 * @see DESIGN.md "Data and storage" — why not lowdb's `JSONFile` / `JSONFilePreset`.
 */
export class SnapshotFile implements Adapter<StoreDocument> {
  readonly tmpFile: string;
  private readonly chunkChars: number;
  private readonly beforeReplace: () => Promise<void>;

  constructor(
    readonly file: string,
    options: SnapshotFileOptions = {},
  ) {
    this.tmpFile = `${file}.tmp`;
    this.chunkChars = options.chunkChars ?? DEFAULT_CHUNK_CHARS;
    this.beforeReplace = options.beforeReplace ?? (async () => {});
  }

  /** The checked document, or null when the file does not exist. */
  async read(): Promise<StoreDocument | null> {
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
    return checkDocument(value, this.file);
  }

  /** Replaces the data file with `document`, durably and atomically. */
  async write(document: StoreDocument): Promise<void> {
    const handle = await open(this.tmpFile, 'w', DATA_FILE_MODE);
    try {
      // Each chunk is awaited: the event loop keeps serving requests while a large snapshot is written.
      for (const chunk of documentChunks(document, this.chunkChars)) await writeAll(handle, chunk);
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => {});
      await unlink(this.tmpFile).catch(() => {});
      throw new Error(`[teamchat-server] cannot write the snapshot ${this.tmpFile} (${errorMessage(error)})`, { cause: error });
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
