import { describe, expect, it } from 'vitest';
import type { StoreDocument } from '../types.js';
import { documentChunks } from './document-chunks.js';

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
    const text = [...documentChunks(document)].join('');
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
    expect(pieces.join('')).toBe([...documentChunks(document)].join(''));
    expect(JSON.parse(pieces.join(''))).toEqual(document);
  });

  it('writes a document without collections or rows', () => {
    const empty: StoreDocument = { format: 2, seq: 0, counters: {}, collections: {} };
    expect(JSON.parse([...documentChunks(empty)].join(''))).toEqual(empty);
  });
});
