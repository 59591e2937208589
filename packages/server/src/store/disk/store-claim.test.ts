import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';
import { kernelClaimSupported } from './kernel-claim.js';
import { openDiskStore, type DiskStore, type DiskStoreOptions } from './open-disk-store.js';
import { ClaimLostError } from './store-claim.js';

type TestDb = { items: { id: number; by: string } };

let dir: string;
let dataFile: string;
let log: { warn: string[]; error: string[] };
const opened: DiskStore<TestDb>[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-claim-'));
  dataFile = join(dir, 'data.json');
  log = { warn: [], error: [] };
});
afterEach(async () => {
  for (const disk of opened.splice(0)) await disk.store.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

async function open(file = dataFile, options: DiskStoreOptions<TestDb> = {}): Promise<DiskStore<TestDb>> {
  const disk = await openDiskStore<TestDb>(file, {
    log: { warn: (m) => log.warn.push(m), error: (m) => log.error.push(m) },
    claimCheckMs: 0,
    ...options,
  });
  opened.push(disk);
  return disk;
}

function add(store: Store<TestDb>, by: string): Promise<number> {
  return store.write((tx) => tx.put('items', { id: tx.nextId('items'), by }).id);
}

async function closeAll(): Promise<void> {
  for (const disk of opened.splice(0)) await disk.store.close().catch(() => {});
}

describe.runIf(kernelClaimSupported())('the kernel-held claim', () => {
  it('refuses a second store after the lock file was deleted, and writes the lock file again', async () => {
    const first = await open();
    await add(first.store, 'first');
    unlinkSync(first.lockFile);
    await expect(open()).rejects.toThrow(
      `[teamchat-server] ${dataFile} is in use by another teamchat-server (pid ${process.pid}); stop it first or use another --data file`,
    );
    // The first store still owns the files: its writes go on, and the lock file is back.
    await add(first.store, 'first');
    expect(JSON.parse(readFileSync(first.lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(log.warn.some((m) => m.includes('was deleted while this server holds'))).toBe(true);
    await closeAll();
    const reopened = await open();
    expect([...reopened.store.all('items')].map((i) => i.by)).toEqual(['first', 'first']);
  });

  it('refuses a second store reached through a symbolic link to the data file', async () => {
    const first = await open();
    await add(first.store, 'first');
    const alias = join(dir, 'alias.json');
    symlinkSync(dataFile, alias);
    await expect(open(alias)).rejects.toThrow(`${dataFile} is in use by another teamchat-server (pid ${process.pid})`);
  });
});

describe('a store whose lock file is taken from it (no kernel claim, as on other platforms)', () => {
  it('fails closed: refuses writes, writes no snapshot over the new owner, and loses no acknowledged write', async () => {
    const first = await open(dataFile, { kernelClaim: false });
    await add(first.store, 'first');
    await first.compact();
    const lost: Error[] = [];
    first.onClaimLost((error) => lost.push(error));
    unlinkSync(first.lockFile);
    const second = await open(dataFile, { kernelClaim: false });

    // The first store's next write is not acknowledged (nor seen by the second), and it refuses every later one.
    await expect(add(first.store, 'lost')).rejects.toBeInstanceOf(ClaimLostError);
    await add(second.store, 'second');
    expect(first.store.failed).toBe(true);
    expect(lost).toHaveLength(1);
    expect(log.error.filter((m) => m.includes('lost the claim on'))).toHaveLength(1);
    await expect(add(first.store, 'refused')).rejects.toThrow(/lost the claim/);

    await add(second.store, 'second');
    await first.store.close();
    // The second server's lock file is left alone.
    expect(existsSync(second.lockFile)).toBe(true);
    await closeAll();
    const reopened = await open();
    expect([...reopened.store.all('items')].map((i) => i.by)).toEqual(['first', 'second', 'second']);
  });

  it('notices the loss without a write, by its periodic check', async () => {
    const first = await open(dataFile, { kernelClaim: false, claimCheckMs: 20 });
    const lost = new Promise<Error>((resolve) => first.onClaimLost(resolve));
    unlinkSync(first.lockFile);
    expect(await lost).toBeInstanceOf(ClaimLostError);
    expect(first.store.failed).toBe(true);
  });
});

describe('a data file reached through a symbolic link', () => {
  it('is the target: the other files sit beside it and the link stays a link', async () => {
    const realDir = mkdtempSync(join(tmpdir(), 'teamchat-claim-target-'));
    try {
      const target = join(realDir, 'data.json');
      const alias = join(dir, 'alias.json');
      symlinkSync(target, alias);
      const disk = await open(alias);
      expect(disk.dataFile).toBe(target);
      expect(disk.journalFile).toBe(`${target}.journal`);
      await add(disk.store, 'through the link');
      await closeAll();
      expect(lstatSync(alias).isSymbolicLink()).toBe(true);
      const reopened = await open(target);
      expect([...reopened.store.all('items')].map((i) => i.by)).toEqual(['through the link']);
      await closeAll();
    } finally {
      rmSync(realDir, { recursive: true, force: true });
    }
  });
});
