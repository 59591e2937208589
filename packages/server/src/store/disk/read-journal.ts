import { readFile } from 'node:fs/promises';
import type { JournalEntry, StoreOp } from '../types.js';
import { errorCode, errorMessage } from './durable-io.js';

/** What {@link readJournal} found in a journal file. */
export interface JournalScan {
  /** Size of the file in bytes. */
  bytes: number;
  /** Bytes up to the end of the last good line: the file's length once a torn tail is cut. */
  validBytes: number;
  /** Number of entries read. */
  entries: number;
  /** Why the last line was ignored (a write torn by a crash), or null when every line was good. */
  torn: string | null;
}

const NEWLINE = 0x0a;

/**
 * Reads a journal (JSON lines of {@link JournalEntry}) and hands each entry, in order, to
 * `onEntry`. Returns null when the file does not exist.
 *
 * A last line that is incomplete (no newline) or unparseable is a write torn by a crash, never
 * acknowledged: it is reported in `torn` and ignored. A bad line anywhere else means the file is
 * damaged, and this throws rather than guess. Lines are decoded one at a time, so a large journal
 * never becomes one string.
 */
export async function readJournal(file: string, onEntry: (entry: JournalEntry) => void): Promise<JournalScan | null> {
  let buffer: Buffer;
  try {
    buffer = await readFile(file);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw new Error(`[teamchat-server] cannot read the journal ${file} (${errorMessage(error)})`);
  }
  const scan: JournalScan = { bytes: buffer.length, validBytes: 0, entries: 0, torn: null };
  let start = 0;
  let lineNumber = 0;
  while (start < buffer.length) {
    lineNumber += 1;
    const newline = buffer.indexOf(NEWLINE, start);
    const end = newline === -1 ? buffer.length : newline;
    const next = newline === -1 ? buffer.length : newline + 1;
    const text = buffer.toString('utf8', start, end);
    start = next;
    if (text.trim() === '') {
      if (newline !== -1) scan.validBytes = next;
      continue;
    }
    const parsed = newline === -1 ? 'incomplete line (no newline)' : parseEntry(text);
    if (typeof parsed === 'string') {
      if (isBlank(buffer, next)) {
        scan.torn = `line ${lineNumber}: ${parsed}`;
        return scan;
      }
      throw new Error(
        `[teamchat-server] the journal ${file} is damaged at line ${lineNumber} (${parsed}), before its last line; ` +
          'the data file was not opened and nothing was modified. Restore a backup, or move the journal away to start from the last snapshot (its writes are then lost)',
      );
    }
    try {
      onEntry(parsed);
    } catch (error) {
      throw new Error(
        `[teamchat-server] cannot replay line ${lineNumber} of the journal ${file} (${errorMessage(error)}); nothing was modified`,
      );
    }
    scan.entries += 1;
    scan.validBytes = next;
  }
  return scan;
}

function isBlank(buffer: Buffer, from: number): boolean {
  for (let i = from; i < buffer.length; i += 1) {
    const byte = buffer[i];
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return false;
  }
  return true;
}

/** The entry on one line, or why the line is not one. */
function parseEntry(text: string): JournalEntry | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not valid JSON: ${errorMessage(error)}`;
  }
  const entry = value as Partial<JournalEntry> | null;
  if (typeof entry !== 'object' || entry === null) return 'not a journal entry';
  if (typeof entry.seq !== 'number' || !Number.isInteger(entry.seq) || entry.seq < 1) return 'invalid "seq"';
  if (!Array.isArray(entry.ops)) return 'invalid "ops"';
  for (const op of entry.ops as unknown[]) if (!isOp(op)) return `invalid operation ${String(JSON.stringify(op)).slice(0, 80)}`;
  return entry as JournalEntry;
}

function isKey(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'string';
}

function isRecordObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIntegers(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => Number.isInteger(item));
}

function isOp(op: unknown): op is StoreOp {
  if (!Array.isArray(op)) return false;
  if (op[0] !== 'rows' && op[0] !== 'flags' && typeof op[1] !== 'string') return false;
  switch (op[0]) {
    case 'put':
      return op.length === 3 && isRecordObject(op[2]) && isKey(op[2].id);
    case 'patch':
      return op.length === 4 && isKey(op[2]) && isRecordObject(op[3]);
    case 'merge':
      return op.length === 6 && isKey(op[2]) && typeof op[3] === 'string' && isRecordObject(op[4]) && Array.isArray(op[5]) && op[5].every((key) => typeof key === 'string');
    case 'del':
      return op.length === 3 && isKey(op[2]);
    case 'rows':
      return op.length === 3 && Number.isInteger(op[1]) && isIntegers(op[2]) && (op[2] as unknown[]).length % 2 === 0;
    case 'flags':
      return op.length === 6 && Number.isInteger(op[1]) && Number.isInteger(op[2]) && Number.isInteger(op[3]) && isIntegers(op[4]) && Number.isInteger(op[5]);
    default:
      return false;
  }
}
