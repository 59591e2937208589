import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Store } from '../store.js';
import { STORE_FORMAT, type StoreDocument } from '../types.js';
import type { JournalWriter } from './journal-writer.js';
import { sealObject } from './line-checksum.js';
import { SnapshotFile } from './snapshot-file.js';
import type { StoreClaim } from './store-claim.js';
import { openDiskStore, type DiskStore, type DiskStoreOptions } from './open-disk-store.js';

type TestDb = {
  items: { id: number; n: number; text?: string };
  meta: { id: string; value: string };
  people: { id: number; name: string; settings: Record<string, unknown> };
};

let dir: string;
let dataFile: string;
let warnings: string[];
const opened: DiskStore<TestDb>[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-disk-'));
  dataFile = join(dir, 'data.json');
  warnings = [];
});
afterEach(async () => {
  for (const disk of opened.splice(0)) await disk.store.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

async function open(options: DiskStoreOptions<TestDb> = {}): Promise<DiskStore<TestDb>> {
  const disk = await openDiskStore<TestDb>(dataFile, {
    log: { warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
    ...options,
  });
  opened.push(disk);
  return disk;
}

/**
 * Abandons an open store as a crash would: no final snapshot, the journal as it is. The OS would
 * close its files; the lock file it leaves behind is removed here (the pid, ours, is alive).
 */
async function crash(disk: DiskStore<TestDb>): Promise<void> {
  opened.splice(opened.indexOf(disk), 1);
  const { parts } = (disk.store as unknown as { persister: { parts: { journal: JournalWriter; claim: StoreClaim } } })
    .persister;
  await parts.journal.close();
  await parts.claim.abandon();
  unlinkSync(disk.lockFile);
}

/** The pid of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid ?? 999_999;
}

function addItem(store: Store<TestDb>, n: number, text?: string): Promise<number> {
  return store.write(
    (tx) => tx.put('items', { id: tx.nextId('items'), n, ...(text === undefined ? {} : { text }) }).id,
  );
}

function items(store: Store<TestDb>): number[] {
  return Array.from(store.all('items'), (item) => item.n);
}

const range = (count: number, from = 0) => Array.from({ length: count }, (_, i) => from + i);

describe('openDiskStore', () => {
  it('keeps the snapshot and the journal readable by the owner only (they hold API keys)', async () => {
    const disk = await open({ seed: (store) => void addItem(store, 1) });
    await addItem(disk.store, 2);
    await disk.store.close();
    expect(statSync(dataFile).mode & 0o777).toBe(0o600);
    expect(statSync(disk.journalFile).mode & 0o777).toBe(0o600);
  });

  it('creates the data file with the seed document, durably', async () => {
    const seeded = [{ id: 1, n: 100 }];
    const seed: StoreDocument = { format: 2, seq: 0, counters: { items: 1 }, collections: { items: seeded } };
    const disk = await open({ seed });
    expect(disk.created).toBe(true);
    expect(await new SnapshotFile(dataFile).read()).toEqual({ ...seed, format: STORE_FORMAT, user_messages: {} });
    expect(items(disk.store)).toEqual([100]);
  });

  it('takes a seed store as it is (no observer of its old owner fed), writes it durably, and journals what follows', async () => {
    const seed = new Store<TestDb>();
    await addItem(seed, 7);
    const fed: number[] = [];
    seed.observe('items', { put: (item) => fed.push(item.n), delete: () => {} });
    seed.releaseObservers();
    const disk = await open({ seed });
    expect(disk.store).toBe(seed);
    await addItem(disk.store, 8);
    expect(fed).toEqual([7]);
    await crash(disk);
    const reopened = await open();
    expect(items(reopened.store)).toEqual([7, 8]);
  });

  it('answers before the first snapshot with answerBeforeFirstSnapshot: reads at once, writes once it is durable', async () => {
    const seed = new Store<TestDb>();
    for (const n of range(2000)) await addItem(seed, n, 'x'.repeat(200));
    const disk = await open({ seed, answerBeforeFirstSnapshot: true });
    // Resolved with the snapshot still to write: nothing of it, nor a journal, is on disk yet.
    expect(existsSync(dataFile)).toBe(false);
    expect(existsSync(disk.journalFile)).toBe(false);
    expect(items(disk.store)).toHaveLength(2000);
    expect(disk.stats().fsyncs).toBe(0);
    // A write made now waits: once acknowledged, the snapshot under it is durable and it is journaled.
    const written = addItem(disk.store, 5000);
    await written;
    expect(existsSync(dataFile)).toBe(true);
    expect(disk.stats().entries).toBe(1);
    await crash(disk);
    const reopened = await open();
    expect(reopened.created).toBe(false);
    expect(items(reopened.store)).toEqual([...range(2000), 5000]);
  });

  it('fails the store, refusing writes, when the first snapshot written while answering cannot be written', async () => {
    const seed = new Store<TestDb>();
    await addItem(seed, 1);
    // The snapshot's temporary file cannot be created: a directory is in its place.
    mkdirSync(`${dataFile}.tmp`);
    const failures: string[] = [];
    seed.onFailure((error) => failures.push(error.message));
    const disk = await open({ seed, answerBeforeFirstSnapshot: true });
    expect(items(disk.store)).toEqual([1]);
    await expect(addItem(disk.store, 2)).rejects.toThrow(/could not be written \(EISDIR/);
    expect(failures).toEqual([expect.stringMatching(/data\.json could not be written \(EISDIR/)]);
    expect(items(disk.store)).toEqual([1]);
    expect(existsSync(dataFile)).toBe(false);
    expect(existsSync(disk.journalFile)).toBe(false);
    // The files are given up: another store can take them.
    rmSync(`${dataFile}.tmp`, { recursive: true });
    const next = await open({ seed: (store) => void addItem(store, 3) });
    expect(items(next.store)).toEqual([3]);
  });

  it('creates the data file with a seed function, and does not seed an existing file', async () => {
    const seed = async (store: Store<TestDb>) => {
      await store.write((tx) => tx.put('meta', { id: 'realm', value: 'seeded' }));
    };
    const first = await open({ seed });
    expect(first.created).toBe(true);
    await crash(first);
    const second = await open({ seed: () => Promise.reject(new Error('must not run')) });
    expect(second.created).toBe(false);
    expect(second.store.get('meta', 'realm')?.value).toBe('seeded');
  });

  it('keeps writes across close and reopen', async () => {
    const first = await open();
    for (const n of range(10)) await addItem(first.store, n);
    await first.store.write((tx) => {
      tx.patch('items', 3, { text: 'patched' });
      tx.delete('items', 5);
    });
    await first.store.close();
    expect(existsSync(first.lockFile)).toBe(false);
    expect(statSync(first.journalFile).size).toBe(0);

    const second = await open();
    expect(second.created).toBe(false);
    expect(items(second.store)).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 9]);
    expect(second.store.get('items', 3)?.text).toBe('patched');
    expect(second.store.nextId('items')).toBe(11);
  });

  it('keeps per-user rows and bulk flag changes across a crash (journal) and a close (snapshot)', async () => {
    const first = await open();
    await first.store.write((tx) => {
      for (const id of range(10, 1))
        tx.setRows(id, [
          [3, 0],
          [4, 1],
        ]);
    });
    await first.store.write((tx) => tx.changeFlags(3, [2, 3, 4, 9], { set: 1, create: null }));
    await first.store.write((tx) => tx.changeFlags(4, [5, 20], { set: 2, clear: 1, create: 129 }));
    await crash(first);
    const second = await open();
    const rows = second.store.userMessages;
    expect(Array.from(rows.of(3).ids())).toEqual(range(10, 1));
    expect(range(10, 1).map((id) => rows.get(3, id))).toEqual([0, 1, 1, 1, 0, 0, 0, 0, 1, 0]);
    expect([rows.get(4, 5), rows.get(4, 6), rows.get(4, 20)]).toEqual([2, 1, 130]);
    expect(rows.usersOf(20)).toEqual([4]);
    await second.store.close();
    const third = await open();
    expect(third.store.userMessages.encode()).toEqual(rows.encode());
    expect(readFileSync(dataFile, 'utf8')).toContain('"user_messages":{');
  });

  it('converts a store of format 1: rows out of the messages, from the snapshot and from the journal', async () => {
    const message = (id: number, flags: Record<string, number>) => ({
      id,
      type: 'stream',
      topic: 't',
      edit_history: [],
      reactions: [],
      submessages: [],
      user_flags: flags,
    });
    writeFileSync(
      dataFile,
      JSON.stringify({
        format: 1,
        seq: 1,
        counters: { messages: 1 },
        collections: { messages: [message(1, { '3': 0, '4': 1 })] },
      }),
    );
    appendFileSync(
      `${dataFile}.journal`,
      `${JSON.stringify({
        seq: 2,
        ops: [
          ['put', 'messages', message(2, { '3': 2 })],
          ['patch', 'messages', 1, { user_flags: { '3': 1 } }],
        ],
      })}\n`,
    );
    const disk = await openDiskStore<{ messages: { id: number } }>(dataFile, {});
    const rows = disk.store.userMessages;
    expect([rows.get(3, 1), rows.get(4, 1), rows.get(3, 2)]).toEqual([1, undefined, 2]);
    expect('user_flags' in (disk.store.get('messages', 1) as object)).toBe(false);
    await disk.store.close();
    expect(await new SnapshotFile(dataFile).read()).toMatchObject({
      format: STORE_FORMAT,
      user_messages: { '3': { ids: [1, 2], bits: [1, 1, 2, 1] } },
    });
  });

  it('replays the journal when the store was not closed (a crash)', async () => {
    const first = await open();
    await Promise.all(range(25).map((n) => addItem(first.store, n)));
    await crash(first);
    const second = await open();
    expect(items(second.store).sort((a, b) => a - b)).toEqual(range(25));
    expect(second.store.lastSeq).toBe(25);
  });

  it('journals a change to a few keys of an object field as those keys, and replays it to the same record', async () => {
    const settings = Object.fromEntries(range(40).map((i) => [`setting_${i}`, i]));
    const first = await open();
    await first.store.write((tx) => void tx.put('people', { id: 1, name: 'Ada', settings }));
    const before = statSync(first.journalFile).size;
    const { setting_3: _removed, ...kept } = settings;
    const changed = { ...kept, setting_7: 'seven', added: true };
    await first.store.write((tx) => void tx.patch('people', 1, { name: 'Ada L.', settings: changed }));
    const lines = readFileSync(first.journalFile, 'utf8').trim().split('\n');
    const ops = (JSON.parse(lines.at(-1)!) as { ops: unknown[] }).ops;
    expect(ops).toEqual([
      ['patch', 'people', 1, { name: 'Ada L.' }],
      ['merge', 'people', 1, 'settings', { setting_7: 'seven', added: true }, ['setting_3']],
    ]);
    // The whole object would have been several times as long.
    expect(statSync(first.journalFile).size - before).toBeLessThan(JSON.stringify(changed).length);
    expect(first.store.get('people', 1)).toEqual({ id: 1, name: 'Ada L.', settings: changed });
    await crash(first);
    const second = await open();
    expect(second.store.get('people', 1)).toEqual({ id: 1, name: 'Ada L.', settings: changed });
    // Replacing most of the keys journals the whole object, as before.
    await second.store.write((tx) => void tx.patch('people', 1, { settings: { only: 1 } }));
    expect(
      (JSON.parse(readFileSync(second.journalFile, 'utf8').trim().split('\n').at(-1)!) as { ops: unknown[] }).ops,
    ).toEqual([['patch', 'people', 1, { settings: { only: 1 } }]]);
  });

  it('ignores a torn last journal line, folds the good lines into a snapshot and starts a new journal', async () => {
    const first = await open();
    for (const n of range(3)) await addItem(first.store, n);
    await crash(first);
    const good = readFileSync(first.journalFile, 'utf8');
    appendFileSync(first.journalFile, '{"seq":4,"ops":[["put","items",{"id":4,');

    const second = await open();
    expect(items(second.store)).toEqual([0, 1, 2]);
    expect(warnings.some((w) => w.includes('ignored the torn record 4 (byte '))).toBe(true);
    expect(good.length).toBeGreaterThan(0);
    expect(readFileSync(second.journalFile, 'utf8')).toBe('');
    expect((JSON.parse(readFileSync(dataFile, 'utf8')) as StoreDocument).seq).toBe(3);
    await addItem(second.store, 3);
    await crash(second);
    const third = await open();
    expect(items(third.store)).toEqual([0, 1, 2, 3]);
  });

  it('refuses to start on a corrupt journal line that is not the last one, and modifies nothing', async () => {
    const first = await open();
    for (const n of range(3)) await addItem(first.store, n);
    await crash(first);
    const lines = readFileSync(first.journalFile, 'utf8').split('\n');
    lines[1] = lines[1]!.slice(0, 10);
    const damaged = lines.join('\n');
    writeFileSync(first.journalFile, damaged);
    const snapshot = readFileSync(dataFile, 'utf8');

    await expect(open()).rejects.toThrow(/data\.json\.journal is damaged at record 2 \(byte \d+\)/);
    expect(readFileSync(first.journalFile, 'utf8')).toBe(damaged);
    expect(readFileSync(dataFile, 'utf8')).toBe(snapshot);
    expect(existsSync(first.lockFile)).toBe(false);
  });

  it('refuses a corrupt snapshot with a clear message and leaves its bytes alone', async () => {
    const content = '{"format":1,"seq":3,"counters":{},"collections":{"items":[{"id":1,"n":';
    writeFileSync(dataFile, content);
    await expect(open()).rejects.toThrow(`[teamchat-server] ${dataFile} is not valid JSON (`);
    expect(readFileSync(dataFile, 'utf8')).toBe(content);
    expect(existsSync(`${dataFile}.lock`)).toBe(false);
    expect(existsSync(`${dataFile}.journal`)).toBe(false);
  });

  it('refuses a snapshot of an unknown format and leaves its bytes alone', async () => {
    const content = JSON.stringify({ format: 99, seq: 0, counters: {}, collections: {} });
    writeFileSync(dataFile, content);
    await expect(open()).rejects.toThrow(
      `[teamchat-server] ${dataFile} has data format 99, but this teamchat-server reads formats 1 to ${STORE_FORMAT}`,
    );
    expect(readFileSync(dataFile, 'utf8')).toBe(content);
  });

  it('refuses a journal whose data file is missing', async () => {
    writeFileSync(`${dataFile}.journal`, '{"seq":1,"ops":[]}\n');
    await expect(open()).rejects.toThrow(/journal .* exists but the data file .* does not/);
    expect(existsSync(dataFile)).toBe(false);
  });

  it('refuses a second store on the same file while the first is open, and allows it after close', async () => {
    const first = await open();
    await expect(openDiskStore(dataFile)).rejects.toThrow(
      `[teamchat-server] ${dataFile} is in use by another teamchat-server (pid ${process.pid}); stop it first or use another --data file`,
    );
    await addItem(first.store, 1);
    await first.store.close();
    const second = await open();
    expect(items(second.store)).toEqual([1]);
  });

  it('takes over the stale lock of a process that is gone', async () => {
    const first = await open();
    await addItem(first.store, 1);
    await crash(first);
    writeFileSync(first.lockFile, JSON.stringify({ pid: deadPid(), startedAt: '', host: hostname() }));
    const second = await open();
    expect(items(second.store)).toEqual([1]);
    expect(warnings.some((w) => w.includes('taking over the stale lock'))).toBe(true);
  });

  it('shares fsyncs among concurrent writes, and every one of them is durable', async () => {
    const disk = await open();
    const ids = await Promise.all(range(200).map((n) => addItem(disk.store, n)));
    expect(new Set(ids).size).toBe(200);
    const stats = disk.stats();
    expect(stats.entries).toBe(200);
    expect(stats.fsyncs).toBeLessThan(200 / 4);
    await crash(disk);
    const reopened = await open();
    expect(reopened.store.count('items')).toBe(200);
  });

  it('compacts past compactAfterBytes: the snapshot holds the writes and the journal stays short', async () => {
    const disk = await open({ compactAfterBytes: 4096 });
    for (const n of range(300)) await addItem(disk.store, n, 'x'.repeat(50));
    await disk.compact(); // wait for a compaction that may be running
    expect(disk.stats().compactions).toBeGreaterThan(1);
    // The journal is folded in at 4,096 bytes or at the snapshot's size, whichever is larger.
    expect(statSync(disk.journalFile).size).toBeLessThan(Math.max(4096, statSync(dataFile).size) + 200);
    expect(existsSync(`${dataFile}.journal.compacting`)).toBe(false);
    const snapshot = JSON.parse(readFileSync(dataFile, 'utf8')) as StoreDocument;
    expect(snapshot.collections.items).toHaveLength(300);

    await crash(disk);
    const reopened = await open();
    expect(items(reopened.store)).toEqual(range(300));
  });

  it('lets the journal grow to the size of a larger snapshot before rewriting it', async () => {
    const disk = await open({ compactAfterBytes: 4096 });
    await disk.store.write((tx) => {
      for (const n of range(500)) tx.put('items', { id: tx.nextId('items'), n, text: 'y'.repeat(100) });
    });
    await disk.compact();
    const snapshotBytes = statSync(dataFile).size;
    const compactions = disk.stats().compactions;
    expect(snapshotBytes).toBeGreaterThan(10 * 4096);

    // Past compactAfterBytes, up to the snapshot's size: no compaction.
    let n = 500;
    while (disk.stats().journalBytes < snapshotBytes - 300) {
      await addItem(disk.store, n, 'z'.repeat(50));
      n += 1;
      expect(disk.stats().compactions).toBe(compactions);
    }
    expect(disk.stats().journalBytes).toBeGreaterThan(8 * 4096);
    // At the snapshot's size: one compaction, and the journal starts again.
    while (disk.stats().journalBytes >= snapshotBytes - 300) {
      await addItem(disk.store, n, 'z'.repeat(50));
      n += 1;
    }
    await vi.waitFor(() => expect(disk.stats().compactions).toBe(compactions + 1), { timeout: 10_000 });
    expect(disk.stats().journalBytes).toBeLessThan(4096);

    await crash(disk);
    const reopened = await open();
    expect(items(reopened.store)).toEqual(range(n));
  });

  it('loses no write made during a compaction', async () => {
    const disk = await open({ compactAfterBytes: 1 << 30 });
    await disk.store.write((tx) => {
      for (const n of range(20_000))
        tx.put('items', { id: tx.nextId('items'), n, text: 'some text to make records bigger' });
    });
    const compaction = disk.compact();
    let done = false;
    void compaction.then(() => {
      done = true;
    });
    const during: Promise<number>[] = [];
    let n = 20_000;
    while (!done) {
      during.push(addItem(disk.store, n));
      n += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await compaction;
    const acknowledged = await Promise.all(during);
    expect(during.length).toBeGreaterThan(1);
    await crash(disk);

    const reopened = await open();
    expect(reopened.store.count('items')).toBe(n);
    for (const id of acknowledged) expect(reopened.store.get('items', id)).toBeDefined();
  });

  it('finishes an interrupted compaction at start-up: replays .compacting, then the journal', async () => {
    const first = await open();
    for (const n of range(5)) await addItem(first.store, n);
    await crash(first);
    // As if a compaction had rotated the journal and crashed before its snapshot was renamed.
    renameSync(first.journalFile, `${dataFile}.journal.compacting`);
    writeFileSync(
      first.journalFile,
      `${sealObject(JSON.stringify({ seq: 6, ops: [['put', 'items', { id: 6, n: 5 }]] }))}\n`,
    );

    const second = await open();
    expect(items(second.store)).toEqual(range(6));
    expect(existsSync(`${dataFile}.journal.compacting`)).toBe(false);
    expect((JSON.parse(readFileSync(dataFile, 'utf8')) as StoreDocument).seq).toBe(6);
    expect(statSync(second.journalFile).size).toBe(0);
    await addItem(second.store, 6);
    await crash(second);
    expect(items((await open()).store)).toEqual(range(7));
  });

  it('skips journal entries that the snapshot already holds', async () => {
    const first = await open();
    for (const n of range(4)) await addItem(first.store, n);
    await crash(first);
    const journal = readFileSync(first.journalFile, 'utf8');
    // A snapshot written after these entries, with a journal that was not shortened yet.
    const second = await open();
    await second.store.close();
    writeFileSync(first.journalFile, journal);
    const third = await open();
    expect(items(third.store)).toEqual(range(4));
    expect(third.store.lastSeq).toBe(4);
  });

  it('waits for a transaction in progress before the final snapshot at close', async () => {
    const disk = await open();
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let started!: () => void;
    const inside = new Promise<void>((resolve) => {
      started = resolve;
    });
    const writing = disk.store.write(async (tx) => {
      tx.put('items', { id: 1, n: 1 });
      started();
      await paused;
      tx.put('items', { id: 2, n: 2 });
    });
    await inside;
    const closing = disk.store.close();
    resume();
    await writing;
    await closing;
    opened.splice(opened.indexOf(disk), 1);
    expect(items((await open()).store)).toEqual([1, 2]);
  });
});
