import { readFileSync } from 'node:fs';

/**
 * The version in the package.json of the package a binary belongs to, for `--version`: read
 * at run time, so it can never differ from the published one. `moduleUrl` is the binary's
 * `import.meta.url`; its file (`dist/bin.js`, or `src/bin.ts` run from the sources) sits one
 * folder below the package.json.
 */
export function packageVersion(moduleUrl: string): string {
  const json = JSON.parse(readFileSync(new URL('../package.json', moduleUrl), 'utf8')) as { version?: unknown };
  if (typeof json.version !== 'string')
    throw new Error(`no version in ${new URL('../package.json', moduleUrl).pathname}`);
  return json.version;
}
