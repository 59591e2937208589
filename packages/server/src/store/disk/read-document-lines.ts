import { open } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { compactMessage } from '../compact-records.js';
import type { StoredRecord, StoreDocument } from '../types.js';
import type { EncodedRows } from '../user-messages.js';
import { SEALED_FORMAT } from './document-chunks.js';
import { HEADER_TAIL, MEMBER_LENGTH } from './line-checksum.js';
import { CHUNK_BYTES, DAMAGED_SEAL, fileLineChunks, type LineChunks, SEALED, workerLineChunks } from './line-chunks.js';
import { StoreDamageError } from './store-damage.js';

/**
 * A chunk's lines are decoded and parsed in pieces of about this size (whole lines; a longer
 * line alone). Each piece's text, and the array text its records are parsed from, are then
 * small enough for V8's young generation, where they die without cost: decoded a whole chunk
 * at a time, both were large objects, each mapped fresh and faulted in page by page (a million
 * messages: 0.3 s of the start-up's CPU, most of it in the kernel).
 */
const PIECE_BYTES = 48 * 1024;
/** The shortest sealed record line: `{"id":0,"~crc":"xxxxxxxx"}` and its line break. */
const SHORTEST_RECORD_LINE = 27;
const HEADER = /^\{"format":.*"collections":\{$/;
const COLLECTION = /^("(?:[^"\\]|\\.)*"):\[$/;
const USER_ROWS = /^("\d+"):(\{.*\}),?$/;

/** {@link LineParser.collection} while the user rows are read. */
const USER_ROWS_SECTION = '\u0000rows';

/** The file is not in the line layout (or a line of it is not valid): read it as a whole instead. */
class NotLines extends Error {}

/** The header of a sealed snapshot: the records per collection, and the users with rows. */
interface Layout {
  collections: [name: string, records: number][];
  rows: number | null;
}

/**
 * Builds the document from the lines of `documentChunks`' layout. In a sealed snapshot (format
 * 3 on) every header, record and rows line must carry a checksum that matched (checked before,
 * on the bytes), and the collections and their sizes must be the header's: anything else is
 * damage, reported with its line. An older snapshot that leaves the layout is read as a whole.
 */
class LineParser {
  private state: 'header' | 'collections' | 'records' | 'after-collections' | 'rows' | 'done' = 'header';
  /**
   * The records of the collection being read: sized once to the header's count when a sealed
   * snapshot gives it (a million messages: no array grown and copied twenty times, each copy
   * garbage in the large-object space), `filled` of them so far.
   */
  private records: StoredRecord[] = [];
  private filled = 0;
  document: StoreDocument | null = null;
  private layout: Layout | null = null;
  private collectionIndex = 0;
  private rowCount = 0;
  /**
   * Record lines waiting to be parsed together: `batchText[batchStart, batchEnd)`, consecutive
   * lines of one chunk (a sealed line's checksum member already blanked out, see `blankMember`),
   * the last one without its comma; `batchLines` of them, the first numbered `batchLine`.
   */
  private batchText = '';
  private batchStart = 0;
  private batchEnd = 0;
  private batchLines = 0;
  private batchLine = 0;
  /** The collection whose records are being read, {@link USER_ROWS_SECTION} in the user rows, null elsewhere. */
  collection: string | null = null;

  /**
   * `tolerant`: damaged lines were left out (recovery), so the header's counts are not checked.
   * `maxRecords`: the most record lines the file can hold (its size over the shortest sealed
   * record line), so that a header's count never sizes an array beyond what the file could
   * fill, whatever it says.
   */
  constructor(
    private readonly tolerant = false,
    private readonly maxRecords = Infinity,
  ) {}

  /** Whether the whole layout was read (the last line closed the document). */
  get finished(): boolean {
    return this.state === 'done';
  }

  /** Whether the snapshot carries checksums (known after its first line). */
  get sealed(): boolean {
    return this.layout !== null;
  }

  /**
   * Takes the line `text[start, end)`, number `line`, whose checksum matched (`sealed`) or which
   * has none. Consecutive record lines are parsed together, as one JSON array, when the batch
   * ends ({@link flush}): a sealed record line reaches here with its checksum member blanked
   * out (spaces), so a run of them is JSON as it stands, and is never cut into lines.
   */
  take(text: string, start: number, end: number, sealed: boolean, line: number): void {
    if (this.state === 'records' && text.charCodeAt(start) === 0x7b /* { */) {
      if (this.layout && !sealed) throw this.damage('a record without its checksum');
      if (this.batchLines === 0) {
        this.batchText = text;
        this.batchStart = start;
        this.batchLine = line;
      }
      this.batchEnd = text.charCodeAt(end - 1) === 0x2c /* , */ ? end - 1 : end;
      this.batchLines += 1;
      return;
    }
    this.flush();
    this.line(text.slice(start, end), sealed);
  }

  /** Parses the waiting record lines. */
  flush(): void {
    if (this.batchLines === 0) return;
    const json = `[${this.batchText.slice(this.batchStart, this.batchEnd)}]`;
    let parsed: StoredRecord[];
    try {
      parsed = parse(json) as StoredRecord[];
    } catch (error) {
      // A sealed line whose checksum matched is as it was written: only damage the checksum
      // missed (or an older snapshot) gets here. Name the first line that is not JSON.
      if (this.layout) {
        const lines = this.batchText.slice(this.batchStart, this.batchEnd).split('\n');
        const bad = lines.findIndex((record) => {
          try {
            JSON.parse(record.endsWith(',') ? record.slice(0, -1) : record);
            return false;
          } catch {
            return true;
          }
        });
        throw this.damage('a record that is not JSON', this.batchLine + Math.max(bad, 0));
      }
      throw error;
    }
    // One line, one record: a line holding two (or none) is not the layout.
    if (this.layout && parsed.length !== this.batchLines) throw this.damage('not one record per line');
    // Messages are compacted as soon as they are parsed: the lists and texts they then share
    // die young, rather than outliving a few collections of the young generation while the
    // rest of a large snapshot is read (a million messages: ~200 MB copied, then garbage).
    const compact = this.collection === 'messages';
    for (let i = 0; i < parsed.length; i += 1) {
      const record = parsed[i] as StoredRecord;
      if (compact) compactMessage(record);
      this.records[this.filled++] = record;
    }
    this.batchLines = 0;
    this.batchText = '';
  }

  /** Thrown for a line that breaks the layout of a sealed snapshot; the reader adds the file and position. */
  private damage(problem: string, line?: number): LayoutDamage {
    return new LayoutDamage(problem, line);
  }

  private line(text: string, sealed: boolean): void {
    switch (this.state) {
      case 'header':
        this.header(text, sealed);
        return;
      case 'collections': {
        const name = COLLECTION.exec(text)?.[1];
        if (name !== undefined) {
          const collection = parse(name) as string;
          const expected = this.layout?.collections[this.collectionIndex];
          if (this.layout && expected?.[0] !== collection)
            throw this.damage(
              `collection ${name} where the header lists ${expected ? JSON.stringify(expected[0]) : 'no more'}`,
            );
          const size = this.layout && expected ? Math.min(expected[1], this.maxRecords) : 0;
          this.records = size > 0 ? new Array<StoredRecord>(size) : [];
          this.filled = 0;
          this.collection = collection;
          (this.document as StoreDocument).collections[collection] = this.records;
          this.state = 'records';
        } else if (text === '},' || text === '}}') {
          if (this.layout && this.collectionIndex !== this.layout.collections.length)
            throw this.damage('fewer collections than the header lists');
          if (this.layout && (this.layout.rows !== null) !== (text === '},'))
            throw this.damage('user rows where the header lists none, or none where it lists some');
          this.state = text === '},' ? 'after-collections' : 'done';
        } else {
          throw this.layout ? this.damage('not a collection') : new NotLines();
        }
        return;
      }
      case 'records':
        if (text === ']' || text === '],') {
          // Fewer records than the header lists (damage, or lines left out in recovery): no holes.
          if (this.filled < this.records.length) this.records.length = this.filled;
          if (this.layout) {
            const [name, count] = this.layout.collections[this.collectionIndex] as [string, number];
            if (this.records.length !== count && !this.tolerant)
              throw this.damage(
                `${JSON.stringify(name)} has ${this.records.length} records where the header lists ${count}`,
              );
            this.collectionIndex += 1;
          }
          this.state = 'collections';
          this.collection = null;
        } else {
          throw this.layout ? this.damage('not a record') : new NotLines();
        }
        return;
      case 'after-collections':
        if (text !== '"user_messages":{')
          throw this.layout ? this.damage('not the start of the user rows') : new NotLines();
        (this.document as StoreDocument).user_messages = {};
        this.state = 'rows';
        this.collection = USER_ROWS_SECTION;
        return;
      case 'rows': {
        if (text === '}}') {
          if (this.layout && this.rowCount !== this.layout.rows && !this.tolerant)
            throw this.damage(`${this.rowCount} users' rows where the header lists ${String(this.layout.rows)}`);
          this.state = 'done';
          this.collection = null;
          return;
        }
        if (this.layout && !sealed) throw this.damage("a user's rows without their checksum");
        const match = USER_ROWS.exec(
          this.layout ? `${text.slice(0, text.length - (text.endsWith(',') ? 1 : 0) - MEMBER_LENGTH - 2)}}` : text,
        );
        if (!match) throw this.layout ? this.damage("not a user's rows") : new NotLines();
        ((this.document as StoreDocument).user_messages as Record<string, EncodedRows>)[
          parse(match[1] as string) as string
        ] = parse(match[2] as string) as EncodedRows;
        this.rowCount += 1;
        return;
      }
      case 'done':
        if (text.trim() !== '') throw this.layout ? this.damage('text after the end of the document') : new NotLines();
    }
  }

  private header(text: string, sealed: boolean): void {
    if (!HEADER.test(text)) throw new NotLines();
    if (sealed) {
      // `{"format":3,…,"rows":N,` + checksum member + `,"collections":{`.
      const head = parse(`${text.slice(0, text.length - HEADER_TAIL.length - MEMBER_LENGTH - 1)}}`) as StoreDocument & {
        layout?: unknown;
        rows?: unknown;
      };
      const layout = head.layout;
      if (
        typeof layout !== 'object' ||
        layout === null ||
        Array.isArray(layout) ||
        (head.rows !== undefined && !Number.isInteger(head.rows))
      ) {
        throw this.damage('a header without the layout of its collections');
      }
      this.layout = {
        collections: Object.entries(layout as Record<string, number>),
        rows: (head.rows as number | undefined) ?? null,
      };
      this.document = { format: head.format, seq: head.seq, counters: head.counters, collections: {} };
    } else {
      const head = parse(`${text}}}`) as StoreDocument;
      if (typeof head.format === 'number' && head.format >= SEALED_FORMAT)
        throw this.damage(`a header of data format ${head.format} without its checksum`);
      this.document = { format: head.format, seq: head.seq, counters: head.counters, collections: {} };
    }
    this.state = 'collections';
  }
}

/** A line that breaks a sealed snapshot's layout (`line`: where the problem started, when not the current line). */
class LayoutDamage extends Error {
  constructor(
    readonly problem: string,
    readonly line: number | undefined,
  ) {
    super(problem);
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new NotLines();
  }
}

const CHECKSUM_MISMATCH = 'its checksum does not match its bytes';

/** Options of {@link readDocumentLines}. */
export interface ReadLinesOptions {
  /**
   * Read past lines that fail their checksum (recovery): each is reported here, with what it
   * seems to have held, and left out; the header's record counts are then not checked.
   */
  onDamage?: (damage: StoreDamageError, looksLike: string) => void;
  /**
   * Where the file is read and its checksums computed: on this thread (`inline`), or on a
   * worker thread while this one parses (`worker`). Default: a worker for files of
   * {@link WORKER_FROM_BYTES} and more.
   */
  checksums?: 'inline' | 'worker';
}

/**
 * From this size on, a snapshot is read and its checksums are checked on a worker thread (its
 * start costs some milliseconds).
 */
const WORKER_FROM_BYTES = 32 * 1024 * 1024;

/** What a damaged snapshot line seems to have held: a record of a collection, with its ID when still legible. */
function describeLine(text: string, section: string | null): string {
  if (section === null) return 'a line of the structure of the document';
  if (section === USER_ROWS_SECTION) return `the message rows of user ${/^"(\d+)"/.exec(text)?.[1] ?? '(illegible)'}`;
  const id = /^\{"id":(-?\d+|"(?:[^"\\]|\\.)*")/.exec(text)?.[1];
  return `a record of ${JSON.stringify(section)}${id === undefined ? '' : ` (id ${id}, if that part is intact)`}`;
}

/**
 * Reads a snapshot written one entry per line (see `documentChunks`) without ever holding the
 * file as one string: chunks of bytes are decoded up to their last line break and each line is
 * parsed on its own, straight into the document. The checksum of every line that has one is
 * checked on its bytes first.
 *
 * Resolves with null when the file is an older snapshot not in that layout (a compact one, a
 * hand-edited one): the caller then reads it as a whole, which also reports where the JSON
 * breaks. A sealed snapshot (format 3 on) is never read as a whole: a line that fails its
 * checksum or the layout rejects with a {@link StoreDamageError} naming the line and its byte
 * offset. A missing file rejects with ENOENT.
 */
export async function readDocumentLines(file: string, options: ReadLinesOptions = {}): Promise<StoreDocument | null> {
  const { onDamage } = options;
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const onWorker = !onDamage && (options.checksums ?? (size >= WORKER_FROM_BYTES ? 'worker' : 'inline')) === 'worker';
    return await readLines(file, size, onDamage, onWorker ? workerLineChunks(handle) : fileLineChunks(handle, crc32));
  } finally {
    await handle.close();
  }
}

/** The body of {@link readDocumentLines}: the lines of `chunks` (of a file of `size` bytes) parsed into the document. */
async function readLines(
  file: string,
  size: number,
  onDamage: ReadLinesOptions['onDamage'],
  chunks: LineChunks,
): Promise<StoreDocument | null> {
  try {
    const parser = new LineParser(onDamage !== undefined, Math.floor(size / SHORTEST_RECORD_LINE));
    /** Bytes of the file before the chunk, and lines before its first line. */
    let consumed = 0;
    let lineNumber = 0;
    for (;;) {
      const chunk = await chunks.next();
      const { buffer, end, count, starts, seals } = chunk;
      const fail = (line: number, problem: string): never => {
        throw new StoreDamageError(file, line, consumed + (starts[line - lineNumber - 1] ?? 0), problem);
      };
      if (end === 0 && parser.document === null && chunk.filled >= CHUNK_BYTES) return null; // a first line of megabytes: not this layout
      // A damaged line is named before any line of its chunk is parsed: damage can also break
      // the layout or the JSON of its line, and its checksum names it best.
      if (!onDamage)
        for (let line = 0; line < count; line += 1)
          if (seals[line] === DAMAGED_SEAL) fail(lineNumber + line + 1, CHECKSUM_MISMATCH);
      if (end > 0) {
        // The lines, on the text: decoded in pieces of whole lines of about PIECE_BYTES.
        let line = 0;
        try {
          while (line < count) {
            const pieceStart = starts[line] as number;
            let next = line + 1;
            while (next < count && (starts[next] as number) - pieceStart < PIECE_BYTES) next += 1;
            const text = buffer.toString('utf8', pieceStart, next < count ? (starts[next] as number) : end);
            for (let start = 0; start < text.length; line += 1) {
              let newline = text.indexOf('\n', start);
              if (newline === -1) newline = text.length;
              if (seals[line] === DAMAGED_SEAL) {
                parser.flush();
                const number = lineNumber + line + 1;
                onDamage?.(
                  new StoreDamageError(file, number, consumed + (starts[line] ?? 0), CHECKSUM_MISMATCH),
                  describeLine(text.slice(start, newline), parser.collection),
                );
              } else {
                parser.take(text, start, newline, seals[line] === SEALED, lineNumber + line + 1);
              }
              start = newline + 1;
            }
            // The waiting records point into this piece's text.
            parser.flush();
          }
        } catch (error) {
          if (error instanceof LayoutDamage) fail(error.line ?? lineNumber + line + 1, error.problem);
          if (error instanceof NotLines && parser.sealed)
            fail(lineNumber + line + 1, 'a line that is not in the layout of the snapshot');
          throw error;
        }
        lineNumber += count;
        consumed += end;
      }
      chunks.release(chunk);
      if (chunk.last) break;
    }
    if (parser.finished) return parser.document;
    if (parser.sealed)
      throw new StoreDamageError(
        file,
        lineNumber,
        consumed,
        'the file ends before the end of the document (cut short)',
      );
    return null;
  } catch (error) {
    if (error instanceof NotLines) return null;
    throw error;
  } finally {
    await chunks.close();
  }
}
