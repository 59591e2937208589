import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { startServer } from '../../../test-support/start-server.js';
import { Store } from '../src/store/store.js';
import type { CollectionMap, JournalEntry } from '../src/store/types.js';
import { readJournal } from '../src/store/disk/read-journal.js';
import { SnapshotFile } from '../src/store/disk/snapshot-file.js';

const run = promisify(execFile);
const BIN = join(REPO_ROOT, 'packages/server/dist/bin.js');

let dir: string;
beforeAll(() => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-backup-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function credentials(zuliprc: string): string {
  const text = readFileSync(zuliprc, 'utf8');
  return `Basic ${btoa(`${/^email=(.*)$/m.exec(text)?.[1] ?? ''}:${/^key=(.*)$/m.exec(text)?.[1] ?? ''}`)}`;
}

/** The store kept in `dataFile` (snapshot and journal, as a crash left them) as it was at `seq`. */
async function storeAt(dataFile: string, seq: number): Promise<Store<CollectionMap>> {
  const document = await new SnapshotFile(dataFile).read();
  if (!document) throw new Error(`no ${dataFile}`);
  expect(document.seq).toBeLessThanOrEqual(seq);
  const store = new Store<CollectionMap>(document);
  await readJournal(`${dataFile}.journal`, (entry: JournalEntry) => {
    if (entry.seq > store.lastSeq && entry.seq <= seq) store.replay(entry);
  });
  return store;
}

describe('teamchat-server backup', () => {
  it('copies a running store under load at one sequence number: the copy equals the store at that number, and starts a server by --data and by --seed', async () => {
    const server = await startServer(dir, { args: ['--rate-limit', 'off'] });
    const dataFile = join(dir, 'data.json');
    expect(existsSync(`${dataFile}.control`)).toBe(true);
    const auth = credentials(server.zuliprc('owner'));
    let stop = false;
    let acknowledged = 0;
    const writer = async (worker: number) => {
      for (let i = 0; !stop; i += 1) {
        const response = await fetch(`${server.url}/api/v1/messages`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            type: 'stream',
            to: 'general',
            topic: `backup ${worker}`,
            content: `write ${i} of ${worker}`,
          }),
        }).catch(() => null); // the crash below
        if (!response) return;
        expect(response.status).toBe(200);
        acknowledged += 1;
      }
    };
    const writers = Array.from({ length: 8 }, (_, worker) => writer(worker));
    while (acknowledged < 200) await new Promise((resolve) => setTimeout(resolve, 5));

    const backupFile = join(dir, 'backup.json');
    const { stdout } = await run(process.execPath, [BIN, 'backup', '--data', dataFile, '--out', backupFile]);
    const match =
      /^Backed up .* at seq (\d+) to .*backup\.json \(\d+ bytes; from the running server; its writes waited ([\d.]+) ms\)\n$/.exec(
        stdout,
      );
    expect(match, stdout).not.toBeNull();
    const seq = Number(match?.[1]);
    const during = acknowledged;
    while (acknowledged < during + 100) await new Promise((resolve) => setTimeout(resolve, 5));
    await server.crash();
    stop = true;
    await Promise.allSettled(writers);

    // The backup is the store at its sequence number: everything up to it, nothing after.
    const backup = await new SnapshotFile(backupFile).read();
    const expected = (await storeAt(dataFile, seq)).snapshot();
    expect(backup?.seq).toBe(seq);
    // Collections the live store's indexes created empty are no difference.
    const filled = (collections: Record<string, unknown[]> | undefined) =>
      Object.fromEntries(Object.entries(collections ?? {}).filter(([, records]) => records.length > 0));
    expect(filled(backup?.collections)).toEqual(filled(expected.collections));
    expect(backup?.user_messages).toEqual(expected.user_messages);
    expect((await storeAt(dataFile, Infinity)).lastSeq).toBeGreaterThan(seq);

    // It starts a server as its data file, and a new data file by --seed.
    const messages = backup?.collections['messages']?.length ?? 0;
    const restored = join(dir, 'restored');
    mkdirSync(restored);
    cpSync(backupFile, join(restored, 'data.json'));
    for (const args of [
      { dir: restored, extra: [] },
      { dir: join(dir, 'seeded'), extra: ['--seed', backupFile] },
    ]) {
      mkdirSync(args.dir, { recursive: true });
      const started = await startServer(args.dir, {
        args: ['--rate-limit', 'off', ...args.extra],
        waitForZuliprc: false,
      });
      const response = await fetch(`${started.url}/api/v1/messages?anchor=newest&num_before=5000&num_after=0`, {
        headers: { authorization: auth },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { messages: unknown[] }).messages).toHaveLength(messages);
      await started.stop();
    }
  }, 60_000);

  it('copies a store no server runs on from its files, and refuses to write over the store itself', async () => {
    const dataFile = join(dir, 'restored', 'data.json');
    const out = join(dir, 'offline.json');
    const { stdout } = await run(process.execPath, [BIN, 'backup', '--data', dataFile, '--out', out]);
    expect(stdout).toMatch(/no server runs on it: read from its files\)\n$/);
    expect((await new SnapshotFile(out).read())?.collections).toEqual(
      (await new SnapshotFile(dataFile).read())?.collections,
    );
    await expect(run(process.execPath, [BIN, 'backup', '--data', dataFile, '--out', dataFile])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is a file of the store itself'),
    });
  });
});
