import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sealObject } from './line-checksum.js';
import { documentChunks } from './document-chunks.js';
import { readDocumentLines } from './read-document-lines.js';
import { openDiskStore } from './open-disk-store.js';
import { recoverStore } from './recover-store.js';
import { formatVerification, verifyStore } from './verify-store.js';

type Db = { messages: { id: number; content: string } };

let dir: string;
let warnings: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-checksums-'));
  warnings = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const log = { warn: (m: string) => warnings.push(m), error: (m: string) => warnings.push(m) };

/**
 * A store whose snapshot holds `inSnapshot` messages and whose journal holds `inJournal` more,
 * as a crash leaves it: the files are copied while the store is open (every write acknowledged,
 * so on disk), then the live store is closed. Returns the copy's data file.
 */
async function crashImage(inSnapshot: number, inJournal: number): Promise<string> {
  const live = join(dir, 'live', 'data.json');
  mkdirSync(join(dir, 'live'));
  const add = (store: Awaited<ReturnType<typeof openDiskStore<Db>>>['store'], n: number) =>
    store.write((tx) => void tx.put('messages', { id: tx.nextId('messages'), content: `hello world ${n}` }));
  const first = await openDiskStore<Db>(live, { log });
  for (let n = 1; n <= inSnapshot; n += 1) await add(first.store, n);
  await first.store.close();
  const second = await openDiskStore<Db>(live, { log });
  for (let n = inSnapshot + 1; n <= inSnapshot + inJournal; n += 1) await add(second.store, n);
  mkdirSync(join(dir, 'crash'));
  const image = join(dir, 'crash', 'data.json');
  cpSync(live, image);
  cpSync(`${live}.journal`, `${image}.journal`);
  await second.store.close();
  return image;
}

/** Overwrites bytes of `file` at the first place `find` occurs (after `after`), keeping its length; returns that line's number and start. */
function damage(file: string, find: string, replace: string): { line: number; byte: number } {
  const bytes = readFileSync(file);
  const at = bytes.indexOf(find);
  expect(at, `${find} in ${file}`).toBeGreaterThan(-1);
  bytes.write(replace, at, 'utf8');
  writeFileSync(file, bytes);
  const before = bytes.subarray(0, at);
  const byte = before.lastIndexOf(0x0a) + 1;
  return { line: before.toString('latin1').split('\n').length, byte };
}

function contents(dataFile: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const file of [dataFile, `${dataFile}.journal`])
    if (existsSync(file)) files[file] = readFileSync(file, 'latin1');
  return files;
}

describe('line checksums', () => {
  it('seal a line with the CRC-32 of its bytes before the checksum member (test vector from zlib)', () => {
    // CRC-32 of the 9 bytes `{"seq":1,` is b9e5dd0f (of "123456789": cbf43926, the standard check value).
    expect(sealObject('{"seq":1}')).toBe('{"seq":1,"~crc":"b9e5dd0f"}');
    expect(JSON.parse(sealObject('{"seq":1}'))).toEqual({ seq: 1, '~crc': 'b9e5dd0f' });
  });

  it('refuse to start when bytes inside a string of a journal record changed (the JSON stays valid), naming file, record and byte, and change nothing', async () => {
    const dataFile = await crashImage(1, 3);
    const at = damage(`${dataFile}.journal`, 'hello world 3', 'HELLO world 3');
    expect(at.line).toBe(2);
    const before = contents(dataFile);
    const refusal = await openDiskStore<Db>(dataFile, { log }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(refusal?.message).toBe(
      `[teamchat-server] ${dataFile}.journal is damaged at record 2 (byte ${at.byte}): its checksum does not match its bytes, and records follow it; nothing was modified. ` +
        `Restore a backup, or let teamchat-server recover --data ${dataFile} --to-record 1 write a repaired copy with the records before it`,
    );
    expect(refusal?.message).not.toContain('\n');
    expect(contents(dataFile)).toEqual(before);
    expect(existsSync(`${dataFile}.lock`)).toBe(false);
  });

  it('refuse to start when bytes inside a record of the snapshot changed, naming its line and byte', async () => {
    const dataFile = await crashImage(3, 0);
    const at = damage(dataFile, 'hello world 2', 'hello wOrld 2');
    const before = contents(dataFile);
    await expect(openDiskStore<Db>(dataFile, { log })).rejects.toThrow(
      `${dataFile} is damaged at record ${at.line} (byte ${at.byte}): its checksum does not match its bytes`,
    );
    expect(contents(dataFile)).toEqual(before);
  });

  it('check a large snapshot on a worker thread, naming the same line and byte', async () => {
    const dataFile = await crashImage(3, 0);
    const intact = await readDocumentLines(dataFile, { checksums: 'inline' });
    expect(await readDocumentLines(dataFile, { checksums: 'worker' })).toEqual(intact);
    const at = damage(dataFile, 'hello world 2', 'hello world 7');
    const expected = `${dataFile} is damaged at record ${at.line} (byte ${at.byte}): its checksum does not match its bytes`;
    await expect(readDocumentLines(dataFile, { checksums: 'inline' })).rejects.toThrow(expected);
    await expect(readDocumentLines(dataFile, { checksums: 'worker' })).rejects.toThrow(expected);
    // Damage that also breaks the JSON of its line is still named by its checksum.
    damage(dataFile, 'hello world 7"', 'hello world 7\\');
    await expect(readDocumentLines(dataFile, { checksums: 'worker' })).rejects.toThrow(expected);
  });

  it('read runs of sealed record lines as they were written, whatever their text looks like, without the checksum member', async () => {
    // Contents that look like a checksum member, a line's end or a record's start, and enough
    // records to span several chunks of the reader (1 MiB) and runs of record lines.
    const tricky = ['x,"~crc":"00000000"}', '},\n{"id":1}', ' ', '"~crc"', 'é€😀'.repeat(50)];
    const messages = Array.from({ length: 6000 }, (_, i) => ({
      id: i + 1,
      content: `${tricky[i % tricky.length] as string} ${'y'.repeat(i % 300)}`,
      reactions: [],
    }));
    const document = {
      format: 3,
      seq: 1,
      counters: { messages: 6000 },
      collections: { users: [{ id: 1, name: 'u' }], messages, empty: [] },
      user_messages: { '1': { ids: [1, 6000], bits: [0, 6000] } },
    };
    const dataFile = join(dir, 'data.json');
    writeFileSync(dataFile, Buffer.concat([...documentChunks(document)]));
    expect(readFileSync(dataFile).length).toBeGreaterThan(1.5 * 1024 * 1024);
    for (const checksums of ['inline', 'worker'] as const) {
      const read = await readDocumentLines(dataFile, { checksums });
      expect(read).toEqual(document);
      expect(read?.collections.messages?.filter((record) => Object.hasOwn(record, '~crc'))).toEqual([]);
    }
    // A sealed line holding two records is not the layout, even with a checksum that matches.
    const lines = readFileSync(dataFile, 'utf8').split('\n');
    const index = lines.findIndex((line) => line.startsWith('{"id":2,'));
    lines.splice(index, 2, sealObject(`${JSON.stringify(messages[1])},${JSON.stringify(messages[2])}`) + ',');
    writeFileSync(dataFile, lines.join('\n'));
    await expect(readDocumentLines(dataFile, { checksums: 'inline' })).rejects.toThrow(/is damaged at record \d+/);
  });

  it('name a damaged line far into a large snapshot (past the first chunk and piece) by its number and byte, and read past it in recovery', async () => {
    const messages = Array.from({ length: 5000 }, (_, i) => ({
      id: i + 1,
      content: `message ${i + 1} ${'z'.repeat(i % 400)}`,
    }));
    const document = { format: 3, seq: 1, counters: { messages: 5000 }, collections: { messages } };
    const dataFile = join(dir, 'data.json');
    writeFileSync(dataFile, Buffer.concat([...documentChunks(document)]));
    expect(readFileSync(dataFile).length).toBeGreaterThan(1024 * 1024);
    const at = damage(dataFile, '"message 4321 ', '"massage 4321 ');
    expect(at.byte).toBeGreaterThan(1024 * 1024);
    const expected = `${dataFile} is damaged at record ${at.line} (byte ${at.byte}): its checksum does not match its bytes`;
    await expect(readDocumentLines(dataFile, { checksums: 'inline' })).rejects.toThrow(expected);
    await expect(readDocumentLines(dataFile, { checksums: 'worker' })).rejects.toThrow(expected);
    const damaged: string[] = [];
    const recovered = await readDocumentLines(dataFile, {
      onDamage: (error, looksLike) => damaged.push(`${error.record} ${error.byte} ${looksLike}`),
    });
    expect(damaged).toEqual([`${at.line} ${at.byte} a record of "messages" (id 4321, if that part is intact)`]);
    expect(recovered?.collections.messages).toEqual(messages.filter((message) => message.id !== 4321));
  });

  it('refuse a snapshot that lost a whole record line (its header counts the records)', async () => {
    const dataFile = await crashImage(3, 0);
    const lines = readFileSync(dataFile, 'utf8').split('\n');
    const index = lines.findIndex((line) => line.includes('hello world 2'));
    lines.splice(index, 1);
    writeFileSync(dataFile, lines.join('\n'));
    await expect(openDiskStore<Db>(dataFile, { log })).rejects.toThrow(
      /is damaged at record \d+ \(byte \d+\): "messages" has 2 records where the header lists 3/,
    );
  });

  it('drop a damaged last journal record as a torn write, with a warning, and keep the rest', async () => {
    const dataFile = await crashImage(1, 3);
    const at = damage(`${dataFile}.journal`, 'hello world 4', 'hello world!4');
    expect(at.line).toBe(3);
    const disk = await openDiskStore<Db>(dataFile, { log });
    expect(Array.from(disk.store.all('messages'), (m) => m.content)).toEqual([
      'hello world 1',
      'hello world 2',
      'hello world 3',
    ]);
    expect(warnings).toEqual([
      expect.stringContaining(
        `ignored the torn record 3 (byte ${at.byte}): its checksum does not match its bytes of ${dataFile}.journal`,
      ),
    ]);
    await disk.store.close();
  });

  it('read a store of format 2 (no checksums) and convert it on the next snapshot', async () => {
    const dataFile = join(dir, 'data.json');
    const old = {
      format: 2,
      seq: 1,
      counters: { messages: 1 },
      collections: { messages: [{ id: 1, content: 'old' }] },
      user_messages: {},
    };
    writeFileSync(dataFile, Buffer.concat([...documentChunks(old)]));
    writeFileSync(
      `${dataFile}.journal`,
      `${JSON.stringify({ seq: 2, ops: [['put', 'messages', { id: 2, content: 'older journal' }]] })}\n`,
    );
    const disk = await openDiskStore<Db>(dataFile, { log });
    expect(Array.from(disk.store.all('messages'), (m) => m.content)).toEqual(['old', 'older journal']);
    await disk.store.close();
    const lines = readFileSync(dataFile, 'utf8').split('\n');
    expect(lines[0]).toMatch(
      /^\{"format":3,"seq":2,.*"layout":\{"messages":2\},"rows":0,"~crc":"[0-9a-f]{8}","collections":\{$/,
    );
    expect(
      lines.filter((line) => line.startsWith('{"id"')).every((line) => /,"~crc":"[0-9a-f]{8}"\},?$/.test(line)),
    ).toBe(true);
  });
});

describe('verify and recover', () => {
  it('verify names the damaged record; recover writes a copy of everything before it and a report of the rest, leaving the original alone', async () => {
    const dataFile = await crashImage(1, 4);
    const at = damage(`${dataFile}.journal`, 'hello world 3', 'hello world 3'.replace('3', '8'));
    const before = contents(dataFile);

    const verified = await verifyStore(dataFile);
    expect(verified.ok).toBe(false);
    expect(formatVerification(verified)).toContain(`${dataFile}.journal (journal, 1 records, `);
    expect(formatVerification(verified)).toContain(
      `: damaged at record 2 (byte ${at.byte}): its checksum does not match its bytes, and records follow it\n`,
    );

    const recovery = await recoverStore(dataFile, { toRecord: 1 });
    expect(recovery.dataFile).toBe(join(dir, 'crash', 'data.recovered.json'));
    expect(recovery.lost).toEqual([
      `${dataFile}.journal: record 2 (byte ${at.byte}), seq 3: put messages/3, from record 2 on: its checksum does not match its bytes, and records follow it`,
      expect.stringMatching(/: record 3 \(byte \d+\), seq 4: put messages\/4, from record 2 on/),
      expect.stringMatching(/: record 4 \(byte \d+\), seq 5: put messages\/5, from record 2 on/),
    ]);
    expect(readFileSync(recovery.reportFile, 'utf8')).toBe(recovery.report);
    expect(contents(dataFile)).toEqual(before);
    expect((await verifyStore(recovery.dataFile)).ok).toBe(true);

    const repaired = await openDiskStore<Db>(recovery.dataFile, { log });
    expect(Array.from(repaired.store.all('messages'), (m) => m.content)).toEqual(['hello world 1', 'hello world 2']);
    await repaired.store.close();
    // A second recovery never overwrites the first.
    await expect(recoverStore(dataFile)).rejects.toThrow(/data\.recovered\.json exists/);
  });

  it('recover leaves out a damaged snapshot line and the journal records that depended on it', async () => {
    const dataFile = await crashImage(3, 0);
    const at = damage(dataFile, 'hello world 2', 'hello world?');
    // A journal that changes the lost record, then adds one.
    const journal = [
      { seq: 4, ops: [['put', 'messages', { id: 4, content: 'after' }]] },
      { seq: 5, ops: [['patch', 'messages', 2, { content: 'edited' }]] },
      { seq: 6, ops: [['put', 'messages', { id: 6, content: 'later' }]] },
    ];
    writeFileSync(`${dataFile}.journal`, journal.map((entry) => `${sealObject(JSON.stringify(entry))}\n`).join(''));
    expect(formatVerification(await verifyStore(dataFile))).toContain(`${dataFile} (snapshot, 0 records, `);

    const recovery = await recoverStore(dataFile);
    expect(recovery.lost[0]).toBe(
      `${dataFile}: line ${at.line} (byte ${at.byte}), a record of "messages" (id 2, if that part is intact): its checksum does not match its bytes`,
    );
    expect(recovery.lost.slice(1)).toEqual([
      expect.stringMatching(
        /journal: record 2 \(byte \d+\), seq 5: patch messages\/2, from record 2 on: it no longer applies \(patch of missing record messages\/2\)/,
      ),
      expect.stringMatching(/journal: record 3 \(byte \d+\), seq 6: put messages\/6, from record 2 on/),
    ]);
    const repaired = await openDiskStore<Db>(recovery.dataFile, { log });
    expect(Array.from(repaired.store.all('messages'), (m) => m.content)).toEqual([
      'hello world 1',
      'hello world 3',
      'after',
    ]);
    expect(repaired.store.lastSeq).toBe(4);
    await repaired.store.close();
  });
});
