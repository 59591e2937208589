/**
 * A quiet install on every Node version the README supports: no package of the lock file asks
 * for a newer Node in its `engines`, which npm reports as an `EBADENGINE` warning. Two ranges:
 * the clone's (root package.json: `npm install` of the clone, its tools included) and the
 * published packages' (what a project that installs them gets: their `dependencies`). MSW 3
 * (Node 22.12+) is installed apart from the workspace for that reason (.ci/install-msw3).
 * npm itself answers, from the lock file alone (`npm query --package-lock-only`), so a link
 * that .ci/install-msw3 made in node_modules does not count.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childEnv, publishedPackages } from '../scripts/published-packages.mjs';
import { REPO_ROOT } from '../test-support/fresh-build.js';

/** The oldest version of each part of a range: `^20.19.0 || >=22.13.0` → 20.19.0, 22.13.0. */
function oldest(range: string): string[] {
  return [...range.matchAll(/\d+\.\d+\.\d+/g)].map(([version]) => version);
}

const engines = (dir: string) =>
  (JSON.parse(readFileSync(join(REPO_ROOT, dir, 'package.json'), 'utf8')) as { engines: { node: string } }).engines
    .node;
const CLONE = engines('.');
const PACKAGES = [...new Set(publishedPackages().map((entry) => engines(entry.dir)))];

/** The packages of the lock file (of those `scope` selects) whose `engines.node` the Node `version` does not satisfy. */
function refusing(version: string, scope = ''): Promise<string[]> {
  const selector = `${scope}:attr(engines, [node]):not(:semver(${version}, :attr(engines, [node]), satisfies))`;
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['query', '--package-lock-only', selector],
      { cwd: REPO_ROOT, env: childEnv(), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`npm query failed: ${stderr}`, { cause: error }));
        else {
          const found = JSON.parse(stdout) as { location: string; engines: { node: string } }[];
          // The root (location '') is the clone itself, whose range is the other test's.
          resolve(
            found
              .filter((entry) => entry.location !== '')
              .map((entry) => `${entry.location} (node ${entry.engines.node})`),
          );
        }
      },
    );
  });
}

describe('a quiet install', () => {
  it("reads the supported versions: one range for every published package, the clone's no wider", () => {
    expect(PACKAGES).toHaveLength(1);
    expect(oldest(CLONE)).toHaveLength(2);
    expect(oldest(PACKAGES[0] ?? '')).toHaveLength(2);
  });

  for (const version of oldest(CLONE)) {
    it(`of the clone installs nothing that refuses Node ${version}`, async () => {
      expect(await refusing(version)).toEqual([]);
    }, 60_000);
  }

  for (const version of oldest(PACKAGES[0] ?? '')) {
    it(`of the packages installs no dependency that refuses Node ${version}`, async () => {
      expect(await refusing(version, '.prod')).toEqual([]);
    }, 60_000);
  }

  it('would name the packages that refuse an older Node', async () => {
    // Many tools of the workspace want Node 20 or newer: the query sees them.
    expect((await refusing('18.0.0')).length).toBeGreaterThan(0);
  }, 60_000);
});
