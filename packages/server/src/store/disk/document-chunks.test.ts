import { describe, expect, it } from 'vitest';
import type { StoreDocument } from '../types.js';
import { documentChunks } from './document-chunks.js';
import { checkLine, sealObject } from './line-checksum.js';

const textOf = (pieces: Iterable<Uint8Array>) => Buffer.concat([...pieces]).toString('utf8');

const users = [
  { id: 1, name: 'Iago', tags: ['a', 'b'] },
  { id: 2, name: 'quote " and \u2028 line separator\nand a newline', nested: { deep: [null, true, 1.5] } },
];
const document: StoreDocument = {
  format: 2,
  seq: 42,
  counters: { messages: 3, users: 2 },
  collections: {
    users,
    empty: [],
    messages: Array.from({ length: 3 }, (_, i) => ({ id: i + 1, content: 'x'.repeat(i * 10) })),
    keyed: [{ id: 'realm' }],
  },
  user_messages: { '1': { ids: [1, 3], bits: [1, 2, 0, 1] }, '2': { ids: [2, 1], bits: [0, 1] } },
};

describe('documentChunks', () => {
  it('yields pieces that join to the JSON of the document, one record per line', () => {
    const text = textOf(documentChunks(document));
    expect(JSON.parse(text)).toEqual(document);
    const lines = text.split('\n');
    expect(lines[0]).toBe('{"format":2,"seq":42,"counters":{"messages":3,"users":2},"collections":{');
    expect(lines).toContain(JSON.stringify(users[1]));
    expect(lines).toContain(`${JSON.stringify(users[0])},`);
    expect(lines).toContain('{"id":"realm"}');
    expect(lines).toContain('"1":{"ids":[1,3],"bits":[1,2,0,1]},');
    expect(text.endsWith('}}\n')).toBe(true);
  });

  it('splits collections into several pieces when chunks are small, without changing the JSON', () => {
    const pieces = [...documentChunks(document, 16)];
    expect(pieces.length).toBeGreaterThan(4);
    expect(textOf(pieces)).toBe(textOf(documentChunks(document)));
    expect(JSON.parse(textOf(pieces))).toEqual(document);
  });

  it('seals each record and row line as sealObject does, in UTF-8 bytes whose checksums check, whatever the chunk size', () => {
    const messages = [
      { id: 1, topic: '✔ résumé', content: 'emoji 🎉, a \u2028 separator, a lone \ud800 surrogate' },
      { id: 2, topic: 'plain', content: 'x'.repeat(300) },
    ];
    const sealed: StoreDocument = { ...document, format: 3, collections: { messages } };
    for (const size of [16, 64, 1 << 18]) {
      const bytes = Buffer.concat([...documentChunks(sealed, size)]);
      const lines = bytes.toString('utf8').split('\n');
      expect(lines).toContain(`${sealObject(JSON.stringify(messages[0]))},`);
      expect(lines).toContain(sealObject(JSON.stringify(messages[1])));
      expect(lines).toContain(`${sealObject(JSON.stringify(document.user_messages?.['1']), '"1":')},`);
      let start = 0;
      let checked = 0;
      for (let end = bytes.indexOf(0x0a); end !== -1; start = end + 1, end = bytes.indexOf(0x0a, start)) {
        const last = bytes[end - 1] === 0x2c ? end - 1 : end;
        if (bytes[last - 1] === 0x7d && bytes.subarray(start, last).includes('"~crc":"')) {
          expect(checkLine(bytes, start, end)).toBeGreaterThan(0);
          checked += 1;
        }
      }
      expect(checked).toBe(messages.length + 2);
    }
  });

  it('writes a document without collections or rows', () => {
    const empty: StoreDocument = { format: 2, seq: 0, counters: {}, collections: {} };
    expect(JSON.parse(textOf(documentChunks(empty)))).toEqual(empty);
  });
});
