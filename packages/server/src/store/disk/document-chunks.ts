import type { StoreDocument } from '../types.js';

/** Default size of one chunk of {@link documentChunks}, in UTF-16 code units. */
export const DEFAULT_CHUNK_CHARS = 1 << 20;

/**
 * The compact JSON of `document`, piece by piece: the header, then each collection's records in
 * chunks of about `chunkChars` characters. Joined, the pieces equal `JSON.stringify(document)`
 * plus a final newline.
 *
 * A snapshot is written this way, never as one string: V8 cannot build a string above ~512 MB
 * (a pretty-printed document of ~0.9 M messages), and the writer yields to the event loop between
 * chunks.
 */
export function* documentChunks(document: StoreDocument, chunkChars = DEFAULT_CHUNK_CHARS): Generator<string> {
  const { format, seq, counters, collections } = document;
  let piece = `{"format":${JSON.stringify(format)},"seq":${JSON.stringify(seq)},"counters":${JSON.stringify(counters)},"collections":{`;
  let firstCollection = true;
  for (const [name, records] of Object.entries(collections)) {
    piece += `${firstCollection ? '' : ','}${JSON.stringify(name)}:[`;
    firstCollection = false;
    for (let i = 0; i < records.length; i += 1) {
      if (i > 0) piece += ',';
      piece += JSON.stringify(records[i]);
      if (piece.length >= chunkChars) {
        yield piece;
        piece = '';
      }
    }
    piece += ']';
  }
  yield `${piece}}}\n`;
}
