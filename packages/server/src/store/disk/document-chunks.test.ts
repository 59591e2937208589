import { describe, expect, it } from 'vitest';
import type { StoreDocument } from '../types.js';
import { documentChunks } from './document-chunks.js';

const users = [
  { id: 1, name: 'Iago', tags: ['a', 'b'] },
  { id: 2, name: 'quote " and \u2028 line separator', nested: { deep: [null, true, 1.5] } },
];
const document: StoreDocument = {
  format: 1,
  seq: 42,
  counters: { messages: 3, users: 2 },
  collections: {
    users,
    empty: [],
    messages: Array.from({ length: 3 }, (_, i) => ({ id: i + 1, content: 'x'.repeat(i * 10) })),
    keyed: [{ id: 'realm' }],
  },
};

describe('documentChunks', () => {
  it('yields pieces that join to the compact JSON of the document', () => {
    expect([...documentChunks(document)].join('')).toBe(`${JSON.stringify(document)}\n`);
  });

  it('splits collections into several pieces when chunks are small, without changing the JSON', () => {
    const pieces = [...documentChunks(document, 16)];
    expect(pieces.length).toBeGreaterThan(4);
    expect(pieces.join('')).toBe(`${JSON.stringify(document)}\n`);
    expect(JSON.parse(pieces.join(''))).toEqual(document);
  });

  it('writes a document without collections', () => {
    const empty: StoreDocument = { format: 1, seq: 0, counters: {}, collections: {} };
    expect([...documentChunks(empty)].join('')).toBe(`${JSON.stringify(empty)}\n`);
  });
});
