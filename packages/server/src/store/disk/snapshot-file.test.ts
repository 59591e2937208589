import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreDocument } from '../types.js';
import { SnapshotFile } from './snapshot-file.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-snapshot-'));
  file = join(dir, 'data.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const document: StoreDocument = {
  format: 2,
  seq: 7,
  counters: { items: 300 },
  collections: {
    items: Array.from({ length: 300 }, (_, i) => ({ id: i + 1, text: `item ${i}` })),
    keyed: [{ id: 'x' }],
  },
};

/** Expects reading `content` to fail with `message`, and the file to be left exactly as it was. */
async function expectRefused(content: string, message: RegExp | string) {
  writeFileSync(file, content);
  await expect(new SnapshotFile(file).read()).rejects.toThrow(message);
  expect(readFileSync(file, 'utf8')).toBe(content);
}

describe('SnapshotFile', () => {
  it('reads null when the file does not exist, so lowdb keeps its default data', async () => {
    const empty: StoreDocument = { format: 1, seq: 0, counters: {}, collections: {} };
    const db = new Low<StoreDocument>(new SnapshotFile(file), empty);
    await db.read();
    expect(db.data).toBe(empty);
  });

  it('writes JSON, one record per line, in chunks through lowdb and reads it back', async () => {
    const db = new Low<StoreDocument>(new SnapshotFile(file, { chunkBytes: 100 }), document);
    await db.write();
    const text = readFileSync(file, 'utf8');
    expect(JSON.parse(text)).toEqual(document);
    expect(text.split('\n')).toContain('{"id":42,"text":"item 41"},');
    expect(existsSync(`${file}.tmp`)).toBe(false);
    expect(await new SnapshotFile(file).read()).toEqual(document);
  });

  it('reads the per-user rows back', async () => {
    const withRows: StoreDocument = {
      ...document,
      user_messages: { '3': { ids: [1, 5], bits: [0, 2, 1, 3] }, '10': { ids: [], bits: [] } },
    };
    await new SnapshotFile(file).write(withRows);
    expect(await new SnapshotFile(file).read()).toEqual(withRows);
  });

  it('reads a compact snapshot of format 1 (one line) as a whole', async () => {
    const old = { format: 1, seq: 2, counters: {}, collections: { messages: [{ id: 1, user_flags: { '3': 1 } }] } };
    writeFileSync(file, JSON.stringify(old));
    expect(await new SnapshotFile(file).read()).toEqual(old);
  });

  it('reads a snapshot laid out otherwise (pretty-printed by hand) as a whole', async () => {
    writeFileSync(file, JSON.stringify(document, null, 2));
    expect(await new SnapshotFile(file).read()).toEqual(document);
  });

  it('refuses a snapshot whose record line is cut, as invalid JSON', async () => {
    await new SnapshotFile(file).write(document);
    const text = readFileSync(file, 'utf8');
    await expectRefused(
      text.replace('{"id":42,"text":"item 41"},', '{"id":42,"text":"item 41"'),
      / is not valid JSON \(/,
    );
  });

  it('replaces an existing snapshot', async () => {
    writeFileSync(file, JSON.stringify({ ...document, seq: 1 }));
    await new SnapshotFile(file).write(document);
    expect((await new SnapshotFile(file).read())?.seq).toBe(7);
  });

  it('refuses a file that is not valid JSON, naming the file and the position', async () => {
    await expectRefused(
      '{"format":1,"seq":1,"counters":{},"collections":{"items":[{"id":1},',
      new RegExp(
        `^\\[teamchat-server\\] ${file.replace(/[.]/g, '\\.')} is not valid JSON \\(.+\\); fix or move the file away — it was not modified$`,
      ),
    );
  });

  it('refuses an unknown format', async () => {
    await expectRefused(
      JSON.stringify({ ...document, format: 4 }),
      `[teamchat-server] ${file} has data format 4, but this teamchat-server reads formats 1 to 3; use a teamchat-server version that reads it, or move the file away — it was not modified`,
    );
  });

  it('refuses JSON that is not a store document', async () => {
    await expectRefused('[1,2,3]', /is not a teamchat data file/);
    await expectRefused('{"format":1,"seq":0,"counters":{},"collections":{"items":{}}}', /invalid collections\.items/);
    await expectRefused(
      '{"format":1,"seq":0,"counters":{},"collections":{"items":[{"name":"x"}]}}',
      /collections\.items\[0\]/,
    );
    await expectRefused('{"format":1,"seq":-1,"counters":{},"collections":{}}', /invalid "seq"/);
  });
});
