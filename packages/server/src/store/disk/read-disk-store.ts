import { stat } from 'node:fs/promises';
import { Store } from '../store.js';
import type { CollectionMap, JournalEntry } from '../types.js';
import { diskFiles } from './disk-files.js';
import { SEALED_FORMAT } from './document-chunks.js';
import { readJournal } from './read-journal.js';
import { SnapshotFile } from './snapshot-file.js';

/**
 * Reads the store kept in `dataFile` into memory without taking it over: the snapshot, then
 * the journals replayed (a torn last line ignored). Nothing is locked or written, so it works
 * while a server runs on the file and sees every write that server has acknowledged. Writes
 * to the result stay in memory.
 *
 * @throws {Error} naming the file when it is missing, unreadable or damaged (a line failing
 *   its checksum: a `StoreDamageError`).
 */
export async function readDiskStore<T extends CollectionMap>(dataFile: string): Promise<Store<T>> {
  // A compaction that replaces the snapshot while it is read (and empties the journal) would
  // hide writes: read again until the snapshot stayed the same throughout.
  for (let attempt = 1; ; attempt += 1) {
    const before = await modified(dataFile);
    const store = await readOnce<T>(dataFile);
    if ((await modified(dataFile)) === before || attempt === 5) return store;
  }
}

async function modified(dataFile: string): Promise<number | null> {
  return stat(dataFile).then(
    (s) => s.mtimeMs,
    () => null,
  );
}

async function readOnce<T extends CollectionMap>(dataFile: string): Promise<Store<T>> {
  const files = diskFiles(dataFile);
  const document = await new SnapshotFile(files.data).read();
  if (!document) throw new Error(`no data file at ${files.data}`);
  const store = new Store<T>(document);
  // The journal before `.compacting`: a compaction that rotates the journal between the two
  // reads then finds the rotated records in `.compacting` (the other order would miss them); a
  // compaction that finishes meanwhile replaces the snapshot, and the caller reads again.
  const entries: JournalEntry[] = [];
  const options = { requireChecksums: document.format >= SEALED_FORMAT };
  await readJournal(files.journal, (entry) => entries.push(entry), options);
  await readJournal(files.compacting, (entry) => entries.push(entry), options);
  entries.sort((a, b) => a.seq - b.seq);
  for (const entry of entries) if (entry.seq > store.lastSeq) store.replay(entry);
  return store;
}
