import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DemoAccount } from '../core/index.js';

/** The zuliprc text of an account (the format of the official clients). */
export function zuliprcText(account: DemoAccount, site: string): string {
  const lines = ['[api]', `email=${account.email}`, `key=${account.apiKey}`, `site=${site}`];
  if (account.password) lines.push(`# password for POST /fetch_api_key: ${account.password}`);
  return `${lines.join('\n')}\n`;
}

/** Path of the zuliprc of `role` beside the data file. */
export function zuliprcPath(dataFile: string, role: string): string {
  return join(dirname(dataFile), `zuliprc-${role}`);
}

/**
 * Writes one zuliprc per account beside the data file (readable by the owner only):
 * `zuliprc-<role>`, then `zuliprc-<role>-2`, … when an organization has several of a role.
 */
export async function writeZuliprcFiles(dataFile: string, accounts: readonly DemoAccount[], site: string): Promise<string[]> {
  await mkdir(dirname(dataFile), { recursive: true });
  const paths: string[] = [];
  const seen = new Map<string, number>();
  for (const account of accounts) {
    const count = (seen.get(account.role) ?? 0) + 1;
    seen.set(account.role, count);
    const path = zuliprcPath(dataFile, count === 1 ? account.role : `${account.role}-${count}`);
    await writeFile(path, zuliprcText(account, site), { mode: 0o600 });
    paths.push(path);
  }
  return paths;
}
