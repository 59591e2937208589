import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../types.js';
import { sealObject } from './line-checksum.js';
import { readJournal } from './read-journal.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const line = (seq: number) => `${sealObject(JSON.stringify({ seq, ops: [['put', 'items', { id: seq }]] }))}\n`;

async function read(content: string) {
  const file = join(dir, 'data.json.journal');
  writeFileSync(file, content);
  const entries: JournalEntry[] = [];
  const scan = await readJournal(file, (entry) => entries.push(entry));
  return { scan, seqs: entries.map((entry) => entry.seq) };
}

describe('readJournal', () => {
  it('returns null when the journal does not exist', async () => {
    expect(await readJournal(join(dir, 'missing.journal'), () => {})).toBeNull();
  });

  it('hands every entry over in order', async () => {
    const content = line(1) + line(2) + line(3);
    const { scan, seqs } = await read(content);
    expect(seqs).toEqual([1, 2, 3]);
    expect(scan).toEqual({ bytes: content.length, validBytes: content.length, entries: 3, torn: null });
  });

  it('ignores an incomplete last line and reports where the good part ends', async () => {
    const good = line(1) + line(2);
    const { scan, seqs } = await read(`${good}{"seq":3,"ops":[["put","ite`);
    expect(seqs).toEqual([1, 2]);
    expect(scan?.validBytes).toBe(good.length);
    expect(scan?.torn).toMatch(/record 3 \(byte \d+\): incomplete line/);
  });

  it('ignores an unparseable last line even when it ends with a newline', async () => {
    const good = line(1);
    const { scan, seqs } = await read(`${good}\u0000\u0000garbage\n\n`);
    expect(seqs).toEqual([1]);
    expect(scan?.validBytes).toBe(good.length);
    expect(scan?.torn).toMatch(/record 2 \(byte \d+\): no checksum/);
  });

  it('refuses a corrupt line that is not the last one', async () => {
    await expect(read(`${line(1)}{"seq":2,"ops":[\n${line(3)}`)).rejects.toThrow(
      /data\.json\.journal is damaged at record 2 \(byte \d+\): no checksum, and records follow it; nothing was modified/,
    );
  });

  it('refuses a line that is JSON but not a journal entry, before the last line', async () => {
    await expect(read(`${line(1)}${sealObject('{"seq":2,"ops":[["drop","items",1]]}')}\n${line(3)}`)).rejects.toThrow(
      /record 2 \(byte \d+\): invalid operation/,
    );
  });

  it('skips blank lines', async () => {
    const { seqs, scan } = await read(`${line(1)}\n${line(2)}`);
    expect(seqs).toEqual([1, 2]);
    expect(scan?.torn).toBeNull();
  });

  it('names the line when an entry cannot be replayed', async () => {
    const file = join(dir, 'j');
    writeFileSync(file, line(1) + line(2));
    await expect(
      readJournal(file, (entry) => {
        if (entry.seq === 2) throw new Error('patch of missing record');
      }),
    ).rejects.toThrow(/cannot replay record 2 \(byte \d+\) of the journal .*patch of missing record/);
  });
});
