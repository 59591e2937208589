import { stat } from 'node:fs/promises';
import { Store } from '../store.js';
import type { CollectionMap, StoreDocument } from '../types.js';
import { diskFiles } from './disk-files.js';
import { SEALED_FORMAT } from './document-chunks.js';
import { errorMessage } from './durable-io.js';
import { readJournal } from './read-journal.js';
import { SnapshotFile } from './snapshot-file.js';
import { isStoreDamage } from './store-damage.js';

/** What {@link verifyStore} found in one file of a store. */
export interface VerifiedFile {
  file: string;
  kind: 'snapshot' | 'journal';
  /** Records read (the snapshot's records of every collection; the journal's transactions). */
  records: number;
  bytes: number;
  /** The first problem, as one line (a damaged record: its number and byte offset), or null. */
  problem: string | null;
  /** A torn last journal record (never acknowledged; dropped at the next start), or null. */
  torn: string | null;
}

/** What {@link verifyStore} found. */
export interface StoreVerification {
  /** Whether the store would start (a torn last record is no obstacle). */
  ok: boolean;
  /** The sequence number the store would start at, when it would. */
  seq: number | null;
  format: number | null;
  files: VerifiedFile[];
}

/**
 * Checks the store kept in `dataFile` without starting it, locking it or changing anything: the
 * snapshot's lines and the journals' records against their checksums and layout, and the
 * journals replayed onto the snapshot, as a start would. Safe while a server runs on the file
 * (what it sees is then a moment of it).
 */
export async function verifyStore(dataFile: string): Promise<StoreVerification> {
  const files = diskFiles(dataFile);
  const result: StoreVerification = { ok: true, seq: null, format: null, files: [] };
  let document: StoreDocument | null = null;
  const snapshot: VerifiedFile = {
    file: files.data,
    kind: 'snapshot',
    records: 0,
    bytes: await sizeOf(files.data),
    problem: null,
    torn: null,
  };
  result.files.push(snapshot);
  try {
    document = await new SnapshotFile(files.data).read();
    if (!document) snapshot.problem = 'no such file';
  } catch (error) {
    snapshot.problem = problemOf(error);
  }
  let store: Store<CollectionMap> | null = null;
  if (document) {
    result.format = document.format;
    snapshot.records = Object.values(document.collections).reduce((sum, records) => sum + records.length, 0);
    store = new Store(document);
  }
  for (const file of [files.compacting, files.journal]) {
    const checked: VerifiedFile = { file, kind: 'journal', records: 0, bytes: 0, problem: null, torn: null };
    try {
      const scan = await readJournal(
        file,
        (entry) => {
          checked.records += 1;
          if (store && entry.seq > store.lastSeq) store.replay(entry);
        },
        { requireChecksums: (document?.format ?? SEALED_FORMAT) >= SEALED_FORMAT },
      );
      if (!scan) continue;
      checked.bytes = scan.bytes;
      checked.torn = scan.torn;
    } catch (error) {
      checked.bytes = await sizeOf(file);
      checked.problem = problemOf(error);
    }
    result.files.push(checked);
  }
  result.ok = result.files.every((file) => file.problem === null);
  result.seq = result.ok && store ? store.lastSeq : null;
  return result;
}

/** The report of {@link verifyStore} for a terminal: one line per file, then the verdict. */
export function formatVerification(verification: StoreVerification): string {
  const lines = verification.files.map((file) => {
    const what = file.kind === 'snapshot' ? `snapshot, ${file.records} records` : `journal, ${file.records} records`;
    const state =
      file.problem ??
      (file.torn ? `ok; its torn last ${file.torn} was never acknowledged and is dropped at the next start` : 'ok');
    return `${file.file} (${what}, ${file.bytes} bytes): ${state}`;
  });
  lines.push(
    verification.ok
      ? `The store is intact (data format ${String(verification.format)}, seq ${String(verification.seq)}).`
      : 'The store is damaged: the server refuses to start on it. teamchat-server recover writes a repaired copy beside it (see teamchat-server recover --help).',
  );
  return `${lines.join('\n')}\n`;
}

/** One line for an error met while verifying. */
function problemOf(error: unknown): string {
  const message = errorMessage(error).replace(/^\[teamchat-server\] /, '');
  // The damage's own line names the file first; here the file is already named.
  return isStoreDamage(error) ? `damaged at record ${error.record} (byte ${error.byte}): ${error.problem}` : message;
}

async function sizeOf(file: string): Promise<number> {
  return stat(file).then(
    (s) => s.size,
    () => 0,
  );
}
