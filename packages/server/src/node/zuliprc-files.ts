import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { DemoAccount } from '../core/index.js';

/** The comment line that ties a zuliprc file to the data file of its store. */
const STORE_LINE = '# teamchat store: ';

/** The zuliprc text of an account (the format of the official clients), tied to `dataFile` when given. */
export function zuliprcText(account: DemoAccount, site: string, dataFile?: string): string {
  const lines = ['[api]', `email=${account.email}`, `key=${account.apiKey}`, `site=${site}`];
  if (account.password) lines.push(`# password for POST /fetch_api_key: ${account.password}`);
  if (dataFile) lines.push(`${STORE_LINE}${dataFile}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Path of the zuliprc of `role` beside the data file, named after it so that two stores in one
 * directory never share one: `zuliprc-<role>` for the default `data.json`, `zuliprc-<name>-<role>`
 * for `<name>.json` (or any other name).
 */
export function zuliprcPath(dataFile: string, role: string): string {
  const name = basename(dataFile);
  const stem = name === 'data.json' ? '' : `${name.slice(0, name.length - extname(name).length) || name}-`;
  return join(dirname(dataFile), `zuliprc-${stem}${role}`);
}

/**
 * The data file a zuliprc file belongs to: the path on its store line, `''` for a file without
 * one (written by hand or by an older server), null when there is no file.
 */
export async function zuliprcStore(path: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return null;
  }
  return storeOf(text);
}

/** The data file on the store line of a zuliprc text, `''` without one. */
function storeOf(text: string): string {
  const line = text.split('\n').find((l) => l.startsWith(STORE_LINE));
  return line === undefined ? '' : line.slice(STORE_LINE.length).trim();
}

/** What {@link writeZuliprcFiles} did. */
export interface ZuliprcResult {
  /** Files written (readable by the owner only). */
  written: string[];
  /** Files left alone because another store's data file owns them. */
  skipped: { path: string; store: string }[];
}

/**
 * Writes one zuliprc per account beside the data file, each tied to it by a store line:
 * `zuliprc-<role>`, then `zuliprc-<role>-2`, … when an organization has several of a role. A
 * file that another store's data file owns is never overwritten (two stores in one directory).
 */
export async function writeZuliprcFiles(
  dataFile: string,
  accounts: readonly DemoAccount[],
  site: string,
): Promise<ZuliprcResult> {
  await mkdir(dirname(dataFile), { recursive: true });
  const result: ZuliprcResult = { written: [], skipped: [] };
  const seen = new Map<string, number>();
  for (const account of accounts) {
    const count = (seen.get(account.role) ?? 0) + 1;
    seen.set(account.role, count);
    const path = zuliprcPath(dataFile, count === 1 ? account.role : `${account.role}-${count}`);
    const store = await zuliprcStore(path);
    if (store && store !== dataFile) {
      result.skipped.push({ path, store });
      continue;
    }
    await writeFile(path, zuliprcText(account, site, dataFile), { mode: 0o600 });
    result.written.push(path);
  }
  return result;
}

/** `site=http://host:port` with nothing after the port: the form {@link zuliprcText} writes. */
const WRITTEN_SITE = /^site=http:\/\/[^/\s]+:\d+\/?$/m;

/**
 * After a restart on another address (`--port`, `--host`), points the zuliprc files of this
 * store at `site`: the files beside `dataFile` named as {@link zuliprcPath} names them whose
 * store line names `dataFile`, and whose `site=` is still of the form the server writes
 * (`http://host:port`; a site changed by hand, such as an https proxy, stays). Only the
 * `site=` line changes; each file is replaced atomically. Returns the files rewritten.
 */
export async function updateZuliprcSites(dataFile: string, site: string): Promise<string[]> {
  const dir = dirname(dataFile);
  const prefix = basename(zuliprcPath(dataFile, ''));
  const updated: string[] = [];
  for (const name of (await readdir(dir)).filter((entry) => entry.startsWith(prefix)).sort()) {
    const path = join(dir, name);
    const text = await readFile(path, 'utf8').catch(() => null);
    if (text === null || storeOf(text) !== dataFile) continue;
    const line = WRITTEN_SITE.exec(text)?.[0];
    if (line === undefined || line === `site=${site}`) continue;
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, text.replace(line, `site=${site}`), { mode: 0o600 });
    await rename(temporary, path);
    updated.push(path);
  }
  return updated;
}
