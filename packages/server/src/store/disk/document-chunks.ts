import type { StoreDocument } from '../types.js';

/** Default size of one chunk of {@link documentChunks}, in UTF-16 code units. */
export const DEFAULT_CHUNK_CHARS = 1 << 18;

/**
 * The JSON of `document`, piece by piece, laid out one entry per line: the header (format,
 * seq, counters) on the first line, then each collection's name and each of its records on a
 * line of their own, then each user's message rows. It is one JSON document (the line breaks
 * are whitespace between values), readable as a whole by any JSON parser, and readable line by
 * line by {@link readSnapshotLines}, so a large store is never one string.
 *
 * A snapshot is written this way, never as one string: V8 cannot build a string above ~512 MB
 * (a pretty-printed document of ~0.9 M messages), and the writer yields to the event loop between
 * chunks of about `chunkChars` characters.
 */
export function* documentChunks(document: StoreDocument, chunkChars = DEFAULT_CHUNK_CHARS): Generator<string> {
  const { format, seq, counters, collections } = document;
  let piece = `{"format":${JSON.stringify(format)},"seq":${JSON.stringify(seq)},"counters":${JSON.stringify(counters)},"collections":{\n`;
  const names = Object.keys(collections);
  for (let c = 0; c < names.length; c += 1) {
    const name = names[c] as string;
    const records = collections[name] ?? [];
    piece += `${JSON.stringify(name)}:[\n`;
    for (let i = 0; i < records.length; i += 1) {
      piece += JSON.stringify(records[i]);
      piece += i + 1 < records.length ? ',\n' : '\n';
      if (piece.length >= chunkChars) {
        yield piece;
        piece = '';
      }
    }
    piece += c + 1 < names.length ? '],\n' : ']\n';
  }
  piece += '}';
  if (document.user_messages !== undefined) {
    piece += ',\n"user_messages":{\n';
    const users = Object.keys(document.user_messages);
    for (let u = 0; u < users.length; u += 1) {
      const userId = users[u] as string;
      piece += `${JSON.stringify(userId)}:${JSON.stringify(document.user_messages[userId])}${u + 1 < users.length ? ',\n' : '\n'}`;
      if (piece.length >= chunkChars) {
        yield piece;
        piece = '';
      }
    }
    piece += '}';
  }
  yield `${piece}}\n`;
}
