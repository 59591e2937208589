import { open } from 'node:fs/promises';
import type { StoredRecord, StoreDocument } from '../types.js';
import type { EncodedRows } from '../user-messages.js';

const NEWLINE = 0x0a;
const CHUNK_BYTES = 1024 * 1024;
const HEADER = /^\{"format":.*"collections":\{$/;
const COLLECTION = /^("(?:[^"\\]|\\.)*"):\[$/;
const USER_ROWS = /^("\d+"):(\{.*\}),?$/;

/** The file is not in the line layout (or a line of it is not valid): read it as a whole instead. */
class NotLines extends Error {}

/** Builds the document from the lines of {@link documentChunks}' layout. */
class LineParser {
  private state: 'header' | 'collections' | 'records' | 'after-collections' | 'rows' | 'done' = 'header';
  private records: StoredRecord[] = [];
  document: StoreDocument | null = null;

  /** Whether the whole layout was read (the last line closed the document). */
  get finished(): boolean {
    return this.state === 'done';
  }

  /** Start and end (its comma left out) of the record lines waiting to be parsed together. */
  private batchStart = -1;
  private batchEnd = -1;

  /**
   * Takes the line `text[start, end)`. Consecutive record lines are parsed together, as one
   * JSON array, when the batch ends ({@link flush}).
   */
  take(text: string, start: number, end: number): void {
    if (this.state === 'records' && text.charCodeAt(start) === 0x7b /* { */) {
      if (this.batchStart < 0) this.batchStart = start;
      this.batchEnd = text.charCodeAt(end - 1) === 0x2c /* , */ ? end - 1 : end;
      return;
    }
    this.flush(text);
    this.line(text.slice(start, end));
  }

  /** Parses the waiting record lines of `text`. */
  flush(text: string): void {
    if (this.batchStart < 0) return;
    const parsed = parse(`[${text.slice(this.batchStart, this.batchEnd)}]`) as StoredRecord[];
    for (let i = 0; i < parsed.length; i += 1) this.records.push(parsed[i] as StoredRecord);
    this.batchStart = -1;
    this.batchEnd = -1;
  }

  private line(text: string): void {
    switch (this.state) {
      case 'header': {
        if (!HEADER.test(text)) throw new NotLines();
        const head = parse(`${text}}}`) as StoreDocument;
        this.document = { format: head.format, seq: head.seq, counters: head.counters, collections: {} };
        this.state = 'collections';
        return;
      }
      case 'collections': {
        const name = COLLECTION.exec(text)?.[1];
        if (name !== undefined) {
          this.records = [];
          (this.document as StoreDocument).collections[parse(name) as string] = this.records;
          this.state = 'records';
        } else if (text === '},') {
          this.state = 'after-collections';
        } else if (text === '}}') {
          this.state = 'done';
        } else {
          throw new NotLines();
        }
        return;
      }
      case 'records':
        if (text === ']' || text === '],') this.state = 'collections';
        else this.records.push(parse(text.endsWith(',') ? text.slice(0, -1) : text) as StoredRecord);
        return;
      case 'after-collections':
        if (text !== '"user_messages":{') throw new NotLines();
        (this.document as StoreDocument).user_messages = {};
        this.state = 'rows';
        return;
      case 'rows': {
        if (text === '}}') {
          this.state = 'done';
          return;
        }
        const match = USER_ROWS.exec(text);
        if (!match) throw new NotLines();
        ((this.document as StoreDocument).user_messages as Record<string, EncodedRows>)[parse(match[1] as string) as string] = parse(match[2] as string) as EncodedRows;
        return;
      }
      case 'done':
        if (text.trim() !== '') throw new NotLines();
    }
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new NotLines();
  }
}

/**
 * Reads a snapshot written one entry per line (see `documentChunks`) without ever holding the
 * file as one string: chunks of bytes are decoded up to their last line break and each line is
 * parsed on its own, straight into the document. Resolves with null when the file is not in
 * that layout (an older compact snapshot, a hand-edited one, damage): the caller then reads it
 * as a whole, which also reports where the JSON breaks. A missing file rejects with ENOENT.
 */
export async function readDocumentLines(file: string): Promise<StoreDocument | null> {
  const handle = await open(file, 'r');
  try {
    const parser = new LineParser();
    let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) {
        // One line longer than the buffer: only a record with very large content.
        const larger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(larger, 0, 0, filled);
        buffer = larger;
      }
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
      filled += bytesRead;
      const end = bytesRead === 0 ? filled : buffer.lastIndexOf(NEWLINE, filled - 1) + 1;
      if (end === 0 && parser.document === null && filled >= CHUNK_BYTES) return null; // a first line of megabytes: not this layout
      if (end > 0) {
        const text = buffer.toString('utf8', 0, end);
        let start = 0;
        while (start < text.length) {
          let newline = text.indexOf('\n', start);
          if (newline === -1) newline = text.length;
          parser.take(text, start, newline);
          start = newline + 1;
        }
        parser.flush(text);
        buffer.copy(buffer, 0, end, filled);
        filled -= end;
      }
      if (bytesRead === 0) break;
    }
    return parser.finished ? parser.document : null;
  } catch (error) {
    if (error instanceof NotLines) return null;
    throw error;
  } finally {
    await handle.close();
  }
}
