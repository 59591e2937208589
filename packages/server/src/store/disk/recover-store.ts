import { access, readFile, writeFile } from 'node:fs/promises';
import { Store } from '../store.js';
import type { CollectionMap, JournalEntry, StoreDocument } from '../types.js';
import { DATA_FILE_MODE, diskFiles } from './disk-files.js';
import { SEALED_FORMAT } from './document-chunks.js';
import { errorMessage } from './durable-io.js';
import { readDocumentLines } from './read-document-lines.js';
import { readJournal } from './read-journal.js';
import { SnapshotFile } from './snapshot-file.js';
import { isStoreDamage, type StoreDamageError } from './store-damage.js';
import { verifyStore } from './verify-store.js';

/** Options of {@link recoverStore}. */
export interface RecoverOptions {
  /**
   * Keep at most records 1 to `toRecord` of the damaged journal (of the journal, when no journal
   * is damaged), as `verify` numbers them; default: every record before the damage.
   */
  toRecord?: number;
}

/** What {@link recoverStore} wrote and what it left out. */
export interface Recovery {
  /** The repaired copy: a data file a server starts on (`--data`). */
  dataFile: string;
  /** The report of what was lost, also returned as `report`. */
  reportFile: string;
  report: string;
  /** The sequence number of the repaired copy. */
  seq: number;
  /** Lines of the report naming what was lost (empty: nothing was). */
  lost: string[];
}

const NEWLINE = 0x0a;

/**
 * Writes a repaired copy of the store kept in `dataFile` beside it (`<name>.recovered.json`,
 * one snapshot with the journals folded in) and a report of what was lost
 * (`<name>.recovered.txt`); the original files are only read, never changed. The copy holds
 * everything before the damage: the snapshot's intact lines (a line failing its checksum is left
 * out), then the journals' records in order up to the first that is damaged, that no longer
 * applies (it changed a record that was lost), or past `toRecord`.
 *
 * @throws {Error} when a copy or report from an earlier recovery is in the way (it is never
 *   overwritten), or the snapshot cannot be read at all.
 */
export async function recoverStore(dataFile: string, options: RecoverOptions = {}): Promise<Recovery> {
  const files = diskFiles(dataFile);
  const base = files.data.replace(/\.json$/, '');
  const recovered = { dataFile: `${base}.recovered.json`, reportFile: `${base}.recovered.txt` };
  for (const file of Object.values(recovered)) {
    if (await exists(file))
      throw new Error(
        `[teamchat-server] ${file} exists (an earlier recovery?); move it away first — it was not modified`,
      );
  }
  // `--to-record` counts the records of the damaged journal, or of the journal when none is.
  const damaged =
    (await verifyStore(files.data)).files.find((file) => file.kind === 'journal' && file.problem !== null)?.file ??
    files.journal;
  const lost: string[] = [];
  const document = await readSnapshot(files.data, lost);
  const store = new Store<CollectionMap>(document);
  let stopped = false;
  for (const file of [files.compacting, files.journal]) {
    if (stopped) {
      lost.push(...(await describeRecords(file, 0, 1, 'after the damage')));
      continue;
    }
    let failure: { record: number; byte: number; why: string } | null = null;
    const limit = file === damaged ? (options.toRecord ?? Infinity) : Infinity;
    try {
      const scan = await readJournal(
        file,
        (entry, at) => {
          if (failure) return;
          if (at.record > limit) {
            failure = { ...at, why: `past --to-record ${limit}` };
            return;
          }
          if (entry.seq <= store.lastSeq) return;
          try {
            replayEntry(store, entry);
          } catch (error) {
            failure = {
              ...at,
              why: `it no longer applies (${errorMessage(error).replace(/^\[teamchat-server\] /, '')})`,
            };
          }
        },
        { requireChecksums: document.format >= SEALED_FORMAT },
      );
      if (scan?.torn) lost.push(`${file}: the torn last ${scan.torn} (never acknowledged)`);
    } catch (error) {
      if (!isStoreDamage(error)) throw error;
      failure ??= { record: error.record, byte: error.byte, why: error.problem };
    }
    if (failure !== null) {
      const { record, byte, why } = failure as { record: number; byte: number; why: string };
      lost.push(...(await describeRecords(file, byte, record, `from record ${record} on: ${why}`)));
      stopped = true;
    }
  }
  const snapshot = store.snapshot();
  await new SnapshotFile(recovered.dataFile).write(snapshot);
  const report = [
    `Recovery of ${files.data} (the original files were not changed).`,
    `Repaired copy: ${recovered.dataFile} (seq ${snapshot.seq}); start a server on it with --data, after checking it.`,
    lost.length === 0 ? 'Nothing was lost.' : `Lost (${lost.length}):`,
    ...lost.map((line) => `  ${line}`),
    '',
  ].join('\n');
  await writeFile(recovered.reportFile, report, { mode: DATA_FILE_MODE });
  return { ...recovered, report, seq: snapshot.seq, lost };
}

/** The snapshot, read past lines that fail their checksum (each one added to `lost`). */
async function readSnapshot(file: string, lost: string[]): Promise<StoreDocument> {
  const onDamage = (damage: StoreDamageError, looksLike: string) =>
    lost.push(`${file}: line ${damage.record} (byte ${damage.byte}), ${looksLike}: ${damage.problem}`);
  let document: StoreDocument | null;
  try {
    document = await readDocumentLines(file, { onDamage });
    // An older snapshot not in the line layout has no checksums to fail: read as a start reads it.
    document ??= await new SnapshotFile(file).read();
  } catch (error) {
    throw new Error(
      `[teamchat-server] cannot recover ${file}: ${errorMessage(error).replace(/^\[teamchat-server\] /, '')}`,
    );
  }
  if (!document) throw new Error(`[teamchat-server] no data file at ${file}`);
  return document;
}

/** Replays `entry` whole or not at all: an operation that fails undoes the ones before it. */
function replayEntry(store: Store<CollectionMap>, entry: JournalEntry): void {
  const undos: (() => void)[] = [];
  try {
    for (const op of entry.ops) undos.push(store.apply(op));
  } catch (error) {
    for (let i = undos.length - 1; i >= 0; i -= 1) undos[i]?.();
    throw error;
  }
  store.replay({ seq: entry.seq, ops: [] });
}

/** One report line per record of the journal `file` from byte `from` on (record number `first`). */
async function describeRecords(file: string, from: number, first: number, why: string): Promise<string[]> {
  let buffer: Buffer;
  try {
    buffer = await readFile(file);
  } catch {
    return [];
  }
  const lines: string[] = [];
  for (let start = from, record = first; start < buffer.length; record += 1) {
    let end = buffer.indexOf(NEWLINE, start);
    if (end === -1) end = buffer.length;
    const text = buffer.toString('utf8', start, end);
    if (text.trim() !== '') lines.push(`${file}: record ${record} (byte ${start}), ${summarise(text)}, ${why}`);
    start = end + 1;
  }
  return lines;
}

/** What a journal line held, as far as it is legible. */
function summarise(text: string): string {
  try {
    const entry = JSON.parse(text) as Partial<JournalEntry>;
    const ops = (entry.ops ?? []).map((op) =>
      op[0] === 'rows' || op[0] === 'flags'
        ? `${op[0]} ${String(op[1])}`
        : `${op[0]} ${op[1]}/${String(op[2] && typeof op[2] === 'object' ? op[2].id : op[2])}`,
    );
    return `seq ${String(entry.seq)}: ${ops.join(', ') || 'no operations'}`;
  } catch {
    return `${text.length} characters that are not JSON`;
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
