import type { StoreDocument } from '../types.js';
import { HEADER_TAIL, sealObject, sealPrefix } from './line-checksum.js';

/** Default size of one chunk of {@link documentChunks}, in UTF-16 code units. */
export const DEFAULT_CHUNK_CHARS = 1 << 18;

/** The first data format whose snapshot lines carry checksums (see `line-checksum.ts`). */
export const SEALED_FORMAT = 3;

/**
 * The JSON of `document`, piece by piece, laid out one entry per line: the header (format,
 * seq, counters) on the first line, then each collection's name and each of its records on a
 * line of their own, then each user's message rows. It is one JSON document (the line breaks
 * are whitespace between values), readable as a whole by any JSON parser, and readable line by
 * line by `readDocumentLines`, so a large store is never one string.
 *
 * From format 3 on, the header, every record and every user's rows end with a checksum member
 * (`"~crc"`, see `line-checksum.ts`), and the header lists how many records each collection has
 * (`layout`) and how many users have rows (`rows`), so that a line lost or added is noticed too.
 *
 * A snapshot is written this way, never as one string: V8 cannot build a string above ~512 MB
 * (a pretty-printed document of ~0.9 M messages), and the writer yields to the event loop between
 * chunks of about `chunkChars` characters.
 */
export function* documentChunks(document: StoreDocument, chunkChars = DEFAULT_CHUNK_CHARS): Generator<string> {
  const { format, seq, counters, collections } = document;
  const sealed = format >= SEALED_FORMAT;
  const names = Object.keys(collections);
  const users = document.user_messages === undefined ? null : Object.keys(document.user_messages);
  const head = `{"format":${JSON.stringify(format)},"seq":${JSON.stringify(seq)},"counters":${JSON.stringify(counters)},`;
  let piece: string;
  if (sealed) {
    const layout: Record<string, number> = {};
    for (const name of names) layout[name] = collections[name]?.length ?? 0;
    piece = `${sealPrefix(`${head}"layout":${JSON.stringify(layout)},${users ? `"rows":${users.length},` : ''}`, HEADER_TAIL)}\n`;
  } else {
    piece = `${head}"collections":{\n`;
  }
  for (let c = 0; c < names.length; c += 1) {
    const name = names[c] as string;
    const records = collections[name] ?? [];
    piece += `${JSON.stringify(name)}:[\n`;
    for (let i = 0; i < records.length; i += 1) {
      const json = JSON.stringify(records[i]);
      piece += sealed ? sealObject(json) : json;
      piece += i + 1 < records.length ? ',\n' : '\n';
      if (piece.length >= chunkChars) {
        yield piece;
        piece = '';
      }
    }
    piece += c + 1 < names.length ? '],\n' : ']\n';
  }
  piece += '}';
  if (users && document.user_messages) {
    piece += ',\n"user_messages":{\n';
    for (let u = 0; u < users.length; u += 1) {
      const userId = users[u] as string;
      const key = `${JSON.stringify(userId)}:`;
      const json = JSON.stringify(document.user_messages[userId]);
      piece += `${sealed ? sealObject(json, key) : key + json}${u + 1 < users.length ? ',\n' : '\n'}`;
      if (piece.length >= chunkChars) {
        yield piece;
        piece = '';
      }
    }
    piece += '}';
  }
  yield `${piece}}\n`;
}
