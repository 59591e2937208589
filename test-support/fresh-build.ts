import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root. */
export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The built entry points the child-process tests run, per package. */
const BUILDS: Record<string, readonly string[]> = {
  schema: ['dist/index.js', 'dist/push.js'],
  traffic: ['dist/index.js'],
  'client-sdk': ['dist/index.js', 'dist/node.js', 'dist/push.js'],
  web: ['dist/index.html'],
  server: ['dist/bin.js', 'dist/node.js', 'dist/push-bouncer-bin.js'],
  mock: ['dist/bin.js'],
  cli: ['dist/bin.js', 'dist/index.js'],
};

/**
 * Other packages whose sources a build is made from: the SDK's build writes the contract
 * table out as data (its tsup.config.ts), so it is stale when a contract changes; the web app
 * bundles the SDK's build.
 */
const BUILT_FROM: Record<string, readonly string[]> = { 'client-sdk': ['schema'], web: ['client-sdk', 'schema'] };

/** Source files that end up in a build: `src/**` without tests, plus the build inputs. */
function buildInputs(packageDir: string): string[] {
  const files = ['package.json', 'tsup.config.ts', 'scripts/build.mjs']
    .map((name) => join(packageDir, name))
    .filter((path) => existsSync(path));
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.[cm]?[jt]sx?$|\.json$|\.css$|\.svg$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name))
        files.push(path);
    }
  };
  walk(join(packageDir, 'src'));
  return files;
}

/**
 * Checks that the `dist` builds the child-process tests run exist and are newer than every
 * source file they are built from, so that those tests exercise the current sources. The
 * root `npm test` builds first; running vitest alone after an edit needs `npm run build`.
 *
 * @throws {Error} naming the missing or stale build and the newer source file.
 */
export function assertFreshBuilds(): void {
  for (const [name, outputs] of Object.entries(BUILDS)) {
    const packageDir = join(REPO_ROOT, 'packages', name);
    const newest = [packageDir, ...(BUILT_FROM[name] ?? []).map((other) => join(REPO_ROOT, 'packages', other))]
      .flatMap(buildInputs)
      .map((path) => ({ path, mtime: statSync(path).mtimeMs }))
      .reduce((a, b) => (b.mtime > a.mtime ? b : a));
    for (const output of outputs) {
      const path = join(packageDir, output);
      const shown = relative(REPO_ROOT, path);
      if (!existsSync(path)) {
        throw new Error(
          `[teamchat tests] ${shown} is missing: run \`npm run build\` at the repository root first (\`npm test\` does it).`,
        );
      }
      if (statSync(path).mtimeMs < newest.mtime) {
        throw new Error(
          `[teamchat tests] ${shown} is older than ${relative(REPO_ROOT, newest.path)}: run \`npm run build\` at the repository root ` +
            'so that these tests run the current sources (`npm test` builds first).',
        );
      }
    }
  }
}
