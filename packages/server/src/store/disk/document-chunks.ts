import type { StoreDocument } from '../types.js';
import { HEADER_TAIL, sealedBytesAtMost, sealObjectInto, sealPrefix } from './line-checksum.js';

/** Default size of one chunk of {@link documentChunks}, in bytes. */
export const DEFAULT_CHUNK_BYTES = 1 << 18;

/** The first data format whose snapshot lines carry checksums (see `line-checksum.ts`). */
export const SEALED_FORMAT = 3;

/**
 * Fills buffers of about `size` bytes with UTF-8 text, each string encoded once, straight into
 * the buffer; a full buffer goes to `full` and is never written again.
 */
class ChunkWriter {
  readonly full: Buffer[] = [];
  private buffer: Buffer;
  private at = 0;

  constructor(private readonly size: number) {
    this.buffer = Buffer.allocUnsafe(size);
  }

  /** Appends `text`. */
  text(text: string): void {
    this.reserve(text.length * 3);
    this.at += this.buffer.write(text, this.at);
  }

  /** Appends `lead` and the object `json` sealed with its checksum (see `sealObject`). */
  sealed(json: string, lead = ''): void {
    this.reserve(sealedBytesAtMost(json, lead));
    this.at = sealObjectInto(this.buffer, this.at, json, lead);
  }

  /** Hands the bytes written so far to `full` (a new buffer takes the next ones). */
  flush(): void {
    if (this.at === 0) return;
    this.full.push(this.buffer.subarray(0, this.at));
    this.buffer = Buffer.allocUnsafe(this.size);
    this.at = 0;
  }

  /** Room for `bytes` more: a full buffer is handed on first, and one larger text gets a buffer of its own size. */
  private reserve(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    this.flush();
    if (bytes > this.buffer.length) this.buffer = Buffer.allocUnsafe(bytes);
  }
}

/**
 * The JSON of `document` as UTF-8, piece by piece, laid out one entry per line: the header
 * (format, seq, counters) on the first line, then each collection's name and each of its
 * records on a line of their own, then each user's message rows. It is one JSON document (the
 * line breaks are whitespace between values), readable as a whole by any JSON parser, and
 * readable line by line by `readDocumentLines`, so a large store is never one string.
 *
 * From format 3 on, the header, every record and every user's rows end with a checksum member
 * (`"~crc"`, see `line-checksum.ts`), and the header lists how many records each collection has
 * (`layout`) and how many users have rows (`rows`), so that a line lost or added is noticed too.
 *
 * A snapshot is written this way, never as one string: V8 cannot build a string above ~512 MB
 * (a pretty-printed document of ~0.9 M messages), and the writer yields to the event loop between
 * chunks of about `chunkBytes` bytes. Each record's JSON is encoded to UTF-8 once, into the
 * chunk, and its checksum taken of those bytes (100,000 generated messages, measured in one
 * process on a loaded machine: 0.85–1.1 s of CPU before, 0.62–0.73 s now, of which about 0.3 s
 * is the `JSON.stringify` of the records).
 */
export function* documentChunks(document: StoreDocument, chunkBytes = DEFAULT_CHUNK_BYTES): Generator<Buffer> {
  const { format, seq, counters, collections } = document;
  const sealed = format >= SEALED_FORMAT;
  const names = Object.keys(collections);
  const users = document.user_messages === undefined ? null : Object.keys(document.user_messages);
  const out = new ChunkWriter(chunkBytes);
  const head = `{"format":${JSON.stringify(format)},"seq":${JSON.stringify(seq)},"counters":${JSON.stringify(counters)},`;
  if (sealed) {
    const layout: Record<string, number> = {};
    for (const name of names) layout[name] = collections[name]?.length ?? 0;
    out.text(
      `${sealPrefix(`${head}"layout":${JSON.stringify(layout)},${users ? `"rows":${users.length},` : ''}`, HEADER_TAIL)}\n`,
    );
  } else {
    out.text(`${head}"collections":{\n`);
  }
  for (let c = 0; c < names.length; c += 1) {
    const name = names[c] as string;
    const records = collections[name] ?? [];
    out.text(`${JSON.stringify(name)}:[\n`);
    for (let i = 0; i < records.length; i += 1) {
      const json = JSON.stringify(records[i]);
      if (sealed) out.sealed(json);
      else out.text(json);
      out.text(i + 1 < records.length ? ',\n' : '\n');
      if (out.full.length > 0) yield* out.full.splice(0);
    }
    out.text(c + 1 < names.length ? '],\n' : ']\n');
  }
  out.text('}');
  if (users && document.user_messages) {
    out.text(',\n"user_messages":{\n');
    for (let u = 0; u < users.length; u += 1) {
      const userId = users[u] as string;
      const key = `${JSON.stringify(userId)}:`;
      const json = JSON.stringify(document.user_messages[userId]);
      if (sealed) out.sealed(json, key);
      else out.text(key + json);
      out.text(u + 1 < users.length ? ',\n' : '\n');
      if (out.full.length > 0) yield* out.full.splice(0);
    }
    out.text('}');
  }
  out.text('}\n');
  out.flush();
  yield* out.full.splice(0);
}
