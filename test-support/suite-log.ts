import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The environment variable naming the directory where the suite collects server logs (set by global-setup.ts). */
export const SUITE_LOG_DIR = 'TEAMCHAT_SUITE_LOG_DIR';

/** API keys in a data file and its journal (`"api_key":"<32 alphanumerics>"`). */
export function dataFileKeys(dataFile: string): string[] {
  const keys: string[] = [];
  for (const file of [dataFile, `${dataFile}.journal`, `${dataFile}.journal.compacting`]) {
    if (!existsSync(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/"api_key":"([A-Za-z0-9]{32})"/g))
      keys.push(match[1] as string);
  }
  return keys;
}

/**
 * Keeps what a server child process logged (its stderr: the operator's log) and the secrets it
 * knows of (the demo passwords and keys it printed on stdout, and `extra`: the API keys of its
 * data file), for the check at the end of the suite (global-setup.ts). Does nothing outside a
 * suite run.
 */
export function recordServerLog(options: {
  pid: number;
  stderr: string;
  stdout: string;
  extra?: readonly string[];
}): void {
  const dir = process.env[SUITE_LOG_DIR];
  if (!dir) return;
  const printed = [...options.stdout.matchAll(/\bkey ([A-Za-z0-9]{32})\b|\bpassword (\S+)/g)].map(
    (m) => (m[1] ?? m[2]) as string,
  );
  const secrets = [...printed, ...(options.extra ?? [])];
  appendFileSync(join(dir, `server-${options.pid}.log`), options.stderr);
  if (secrets.length > 0) appendFileSync(join(dir, 'secrets.txt'), `${secrets.join('\n')}\n`);
}

/** Adds secrets a test created (passwords it chose) to the suite's list. */
export function recordSecrets(secrets: readonly string[]): void {
  const dir = process.env[SUITE_LOG_DIR];
  if (dir && secrets.length > 0) appendFileSync(join(dir, 'secrets.txt'), `${secrets.join('\n')}\n`);
}
