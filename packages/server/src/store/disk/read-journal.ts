import { readFile } from 'node:fs/promises';
import type { JournalEntry, StoreOp } from '../types.js';
import { errorCode, errorMessage } from './durable-io.js';
import { checkLine, DAMAGED, UNSEALED } from './line-checksum.js';
import { StoreDamageError } from './store-damage.js';

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

/** Where a journal record is: its number (its line's, from 1) and the byte offset of its start. */
export interface RecordPosition {
  record: number;
  byte: number;
}

/** Options of {@link readJournal}. */
export interface ReadJournalOptions {
  /**
   * Refuse lines without a checksum (default true). Off for the journal of a snapshot older
   * than checksums, written by an older server: its lines have none (but once one line has a
   * checksum, every later one must).
   */
  requireChecksums?: boolean;
}

/**
 * Reads a journal (JSON lines of {@link JournalEntry}, each with its checksum) and hands each
 * entry, in order, to `onEntry`. Returns null when the file does not exist.
 *
 * A last line that is incomplete (no newline), fails its checksum or is unparseable is a write
 * torn by a crash, never acknowledged: it is reported in `torn` and ignored. A bad line anywhere
 * else means the file is damaged: this throws a {@link StoreDamageError} naming the record and
 * its byte offset rather than guess. Lines are decoded one at a time, so a large journal never
 * becomes one string.
 */
export async function readJournal(
  file: string,
  onEntry: (entry: JournalEntry, at: RecordPosition) => void,
  options: ReadJournalOptions = {},
): Promise<JournalScan | null> {
  let buffer: Buffer;
  try {
    buffer = await readFile(file);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw new Error(`[teamchat-server] cannot read the journal ${file} (${errorMessage(error)})`);
  }
  const scan: JournalScan = { bytes: buffer.length, validBytes: 0, entries: 0, torn: null };
  let requireChecksums = options.requireChecksums ?? true;
  let previousSeq = 0;
  let start = 0;
  let lineNumber = 0;
  while (start < buffer.length) {
    lineNumber += 1;
    const lineStart = start;
    const newline = buffer.indexOf(NEWLINE, start);
    const end = newline === -1 ? buffer.length : newline;
    const next = newline === -1 ? buffer.length : newline + 1;
    start = next;
    if (isBlank(buffer, lineStart, end)) {
      if (newline !== -1) scan.validBytes = next;
      continue;
    }
    let parsed: JournalEntry | string;
    const seal = newline === -1 ? DAMAGED : checkLine(buffer, lineStart, end);
    if (newline === -1) parsed = 'incomplete line (no newline)';
    else if (seal === DAMAGED) parsed = 'its checksum does not match its bytes';
    else if (seal === UNSEALED && requireChecksums) parsed = 'no checksum';
    else parsed = parseEntry(buffer.toString('utf8', lineStart, end));
    // Numbers only grow (a write that failed leaves a gap: its number is not used again).
    if (typeof parsed !== 'string' && parsed.seq <= previousSeq)
      parsed = `seq ${parsed.seq} follows seq ${previousSeq} (out of order)`;
    if (typeof parsed === 'string') {
      if (isBlank(buffer, next, buffer.length)) {
        scan.torn = `record ${lineNumber} (byte ${lineStart}): ${parsed}`;
        return scan;
      }
      throw new StoreDamageError(file, lineNumber, lineStart, `${parsed}, and records follow it`);
    }
    if (seal !== UNSEALED) requireChecksums = true;
    try {
      onEntry(parsed, { record: lineNumber, byte: lineStart });
    } catch (error) {
      throw new Error(
        `[teamchat-server] cannot replay record ${lineNumber} (byte ${lineStart}) of the journal ${file} (${errorMessage(error)}); nothing was modified`,
      );
    }
    previousSeq = parsed.seq;
    scan.entries += 1;
    scan.validBytes = next;
  }
  return scan;
}

function isBlank(buffer: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
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
  for (const op of entry.ops as unknown[])
    if (!isOp(op)) return `invalid operation ${String(JSON.stringify(op)).slice(0, 80)}`;
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
      return (
        op.length === 6 &&
        isKey(op[2]) &&
        typeof op[3] === 'string' &&
        isRecordObject(op[4]) &&
        Array.isArray(op[5]) &&
        op[5].every((key) => typeof key === 'string')
      );
    case 'del':
      return op.length === 3 && isKey(op[2]);
    case 'rows':
      return op.length === 3 && Number.isInteger(op[1]) && isIntegers(op[2]) && (op[2] as unknown[]).length % 2 === 0;
    case 'flags':
      return (
        op.length === 6 &&
        Number.isInteger(op[1]) &&
        Number.isInteger(op[2]) &&
        Number.isInteger(op[3]) &&
        isIntegers(op[4]) &&
        Number.isInteger(op[5])
      );
    default:
      return false;
  }
}
