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

/** Writes one zuliprc per demo account beside the data file (readable by the owner only). */
export async function writeZuliprcFiles(dataFile: string, accounts: readonly DemoAccount[], site: string): Promise<string[]> {
  await mkdir(dirname(dataFile), { recursive: true });
  const paths: string[] = [];
  for (const account of accounts) {
    const path = zuliprcPath(dataFile, account.role);
    await writeFile(path, zuliprcText(account, site), { mode: 0o600 });
    paths.push(path);
  }
  return paths;
}
