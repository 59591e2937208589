import { open } from 'node:fs/promises';
import { assembleServer, type AssembleOptions } from '../assemble-server.js';
import { exportOrganization, parseFixture, type Db, type DemoAccount } from '../core/index.js';
import { readDiskStore } from '../store/disk/read-disk-store.js';
import { SnapshotFile } from '../store/disk/snapshot-file.js';
import { Store } from '../store/store.js';
import type { StoreDocument } from '../store/types.js';
import { readFixtureFile, writeFixtureFile } from '../node/fixture-files.js';

/** The name of the organization in `store`. */
export function organizationName(store: Pick<Store<Db>, 'get'>): string {
  return store.get('realm', 1)?.name ?? 'teamchat';
}

/**
 * Writes the organization kept in `dataFile` to the fixture file `target` (YAML for
 * `.yaml`/`.yml`, JSON otherwise). The data file is only read, so a server may be running on
 * it: the fixture holds every write it has acknowledged. Returns a line saying what was written.
 *
 * @throws {Error} one line naming the file: no data file, unreadable, damaged, not writable.
 */
export async function exportOrganizationFile(dataFile: string, target: string): Promise<string> {
  const store = await readDiskStore<Db>(dataFile);
  if (!store.get('realm', 1)) throw new Error(`${dataFile} holds no organization yet`);
  const fixture = exportOrganization(store);
  await writeFixtureFile(target, fixture);
  const count = (list: unknown[] | undefined, what: string) =>
    `${list?.length ?? 0} ${what}${list?.length === 1 ? '' : 's'}`;
  return `Exported "${organizationName(store)}" from ${dataFile} to ${target}: ${count(fixture.users, 'user')}, ${count(fixture.channels, 'channel')}, ${count(fixture.messages, 'message')}`;
}

/**
 * The organization of the fixture file `path` (or the store of the backup `path`), seeded (through {@link assembleServer}) into a
 * memory store: its document, to start a data file with, and its accounts. Nothing is written,
 * so a bad fixture leaves no half-made data file behind.
 *
 * @throws {Error} one line: the file cannot be read or parsed, or the fixture is invalid (`FixtureError`, naming each path).
 */
export async function seedFromFixtureFile(
  path: string,
  options: Omit<AssembleOptions, 'store' | 'seed'>,
): Promise<{ document: StoreDocument; accounts: DemoAccount[] }> {
  // A backup (`teamchat-server backup`) is a data file: its store, checked, is the new one.
  if (await isDataFile(path)) {
    const document = await new SnapshotFile(path).read();
    if (document) return { document, accounts: [] };
  }
  const fixture = parseFixture(await readFixtureFile(path));
  const scratch = new Store<Db>();
  const { accounts } = await assembleServer({ ...options, store: scratch, seed: { fixture } });
  return { document: scratch.snapshot(), accounts: accounts ?? [] };
}

/** Whether `path` starts as a data file does (`{"format":`), not as a fixture. */
async function isDataFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return false;
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(10), 0, 10, 0);
    return buffer.toString('utf8', 0, bytesRead) === '{"format":';
  } finally {
    await handle.close();
  }
}
