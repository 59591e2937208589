import { existsSync } from 'node:fs';
import { findDemoAccounts, type Db, type DemoAccount } from '../core/index.js';
import { updateZuliprcSites, writeZuliprcFiles, zuliprcPath, type ZuliprcResult } from '../node/zuliprc-files.js';
import type { Store } from '../store/store.js';

/** What {@link writeAccountFiles} did. */
export interface AccountFiles {
  /** The accounts whose files were just written (to print with their keys), or null. */
  printed: readonly DemoAccount[] | null;
  files: ZuliprcResult | null;
  /** Existing files whose `site=` now names this start's address. */
  updated: string[];
}

/**
 * Writes the accounts' zuliprc files beside the data file: all of them after seeding, again
 * when they went missing (or a start stopped before writing them). When they exist, points
 * them at `site` (a restart on another `--port` or `--host`).
 */
export async function writeAccountFiles(
  store: Store<Db>,
  dataFile: string,
  seeded: readonly DemoAccount[] | null,
  site: string,
): Promise<AccountFiles> {
  if (seeded) return { printed: seeded, files: await writeZuliprcFiles(dataFile, seeded, site), updated: [] };
  const updated = await updateZuliprcSites(dataFile, site);
  if (existsSync(zuliprcPath(dataFile, 'owner'))) return { printed: null, files: null, updated };
  const demo = findDemoAccounts(store);
  return demo.length > 0
    ? { printed: demo, files: await writeZuliprcFiles(dataFile, demo, site), updated }
    : { printed: null, files: null, updated };
}

/** Prints the accounts (role, email, key, password) and how to try them. */
export function printAccounts(
  name: string,
  accounts: readonly DemoAccount[],
  site: string,
  zuliprc: ZuliprcResult | null,
): void {
  const files = zuliprc?.written ?? null;
  const out = process.stdout;
  out.write(`\nOrganization "${name}" — accounts:\n`);
  for (const account of accounts) {
    out.write(
      `  ${account.role.padEnd(13)} ${account.email.padEnd(28)} key ${account.apiKey}${account.password ? `  password ${account.password}` : ''}\n`,
    );
  }
  const owner = accounts.find((a) => a.role === 'owner');
  if (files)
    out.write(`\nA zuliprc per account was written beside the data file:\n${files.map((f) => `  ${f}`).join('\n')}\n`);
  for (const { path, store } of zuliprc?.skipped ?? [])
    out.write(`Not overwritten: ${path} belongs to the store ${store}\n`);
  if (owner) {
    out.write(`\nTry:\n  curl -u ${owner.email}:${owner.apiKey} ${site}/api/v1/users\n`);
    if (files?.[0]) out.write(`  npx teamchat --config ${files[0]} users list\n`);
  }
}
