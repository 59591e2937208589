/**
 * The release path (`npm run release`, scripts/release.mjs) as far as a machine without a
 * registry account goes: the version step on a copy of the repository's manifests and
 * documents, `check` on the repository, and `npm publish --dry-run` of every package in
 * dependency order.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../test-support/fresh-build.js';
import { installLine, publishedPackages, README_TARBALLS, workspaceDirs } from '../../scripts/published-packages.mjs';
import { cleanEnv } from './scratch-project.js';

const RELEASE = join(REPO_ROOT, 'scripts/release.mjs');
const copies: string[] = [];

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

function release(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [RELEASE, ...args],
      { cwd: REPO_ROOT, env: cleanEnv(''), maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** A copy of what the version step reads and writes: manifests, lockfile, changelog, READMEs, docs. */
function copyOfRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'teamchat-release-'));
  copies.push(dir);
  const files = [
    'package.json',
    'package-lock.json',
    'CHANGELOG.md',
    'README.md',
    ...workspaceDirs().flatMap((ws) => [`${ws}/package.json`, `${ws}/README.md`]),
  ];
  for (const file of files.filter((path) => existsSync(join(REPO_ROOT, path)))) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(dir, file));
  }
  cpSync(join(REPO_ROOT, 'docs'), join(dir, 'docs'), {
    recursive: true,
    filter: (path) => !path.includes('/reference/'),
  });
  return dir;
}

const json = (path: string) =>
  JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, unknown> & { version?: string }>;

describe('npm run release', () => {
  it('check: the repository is ready to publish (one version, exact pins, a changelog section, current install lines)', async () => {
    assertFreshBuilds();
    const result = await release(['check']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^release: ready to publish @teamchat\/schema@\d+\.\d+\.\d+, /);
  });

  it('every package README shows the install line npm run pack prints for it', () => {
    const packages = publishedPackages();
    for (const entry of packages) {
      expect(readFileSync(join(REPO_ROOT, entry.dir, 'README.md'), 'utf8'), entry.name).toContain(
        installLine(packages, entry.name, README_TARBALLS),
      );
    }
  });

  it('version: sets the version everywhere, pins, the lockfile, the install lines and the changelog; check then finds only the missing builds', async () => {
    const root = copyOfRepository();
    const before = publishedPackages(root);
    const result = await release(['version', 'minor', '--root', root]);
    expect(result.stderr).toBe('');
    const [major = 0, minor = 0] = (before[0]?.version ?? '').split('.').map(Number);
    const version = `${major}.${minor + 1}.0`;
    expect(result.stdout).toContain(`release: version ${version} in `);

    const after = publishedPackages(root);
    expect(after.map((entry) => entry.version)).toEqual(after.map(() => version));
    const names = new Set(after.map((entry) => entry.name));
    const lock = json(join(root, 'package-lock.json'))['packages'] as Record<
      string,
      Record<string, Record<string, string> | string>
    >;
    for (const ws of workspaceDirs(root)) {
      const manifest = json(join(root, ws, 'package.json'));
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
        for (const [name, spec] of Object.entries((manifest[field] ?? {}) as Record<string, string>)) {
          if (names.has(name)) expect(spec, `${ws} ${field} ${name}`).toBe(version);
        }
        for (const [name, spec] of Object.entries((lock[ws]?.[field] ?? {}) as Record<string, string>)) {
          if (names.has(name)) expect(spec, `package-lock ${ws} ${field} ${name}`).toBe(version);
        }
      }
    }
    for (const entry of after) expect(lock[entry.dir]?.['version'], entry.dir).toBe(version);
    const sdkReadme = readFileSync(join(root, 'packages/client-sdk/README.md'), 'utf8');
    expect(sdkReadme).toContain(installLine(after, '@teamchat/client-sdk', README_TARBALLS));
    expect(sdkReadme).not.toContain(`-${before[0]?.version}.tgz`);
    expect(readFileSync(join(root, 'docs/installing.md'), 'utf8')).toContain(`teamchat-client-sdk-${version}.tgz`);
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(
      new RegExp(`## Unreleased\\n\\n## ${version.replace(/\./g, '\\.')} — \\d{4}-\\d{2}-\\d{2}\\n`),
    );

    // Without builds in the copy, the check names exactly those.
    const check = await release(['check', '--root', root]);
    expect(check.code).toBe(1);
    const problems = check.stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(problems).toEqual(after.map((entry) => `  - ${entry.dir}/dist is missing: run npm run build`));

    // A README naming a tarball of another version is stale.
    writeFileSync(
      join(root, 'README.md'),
      `${readFileSync(join(root, 'README.md'), 'utf8')}\nnpm install ./teamchat-schema-0.0.1.tgz\n`,
    );
    expect((await release(['check', '--root', root])).stderr).toContain(
      '  - README.md names teamchat-schema-0.0.1.tgz, not the current version',
    );
  });

  it('publish --dry-run: npm publish of every package, dependencies first, nothing sent', async () => {
    const result = await release(['publish', '--dry-run']);
    expect(result.code, result.stderr).toBe(0);
    const published = [...result.stdout.matchAll(/^\+ (@teamchat\/[a-z-]+)@/gm)].map((match) => match[1]);
    expect(published).toEqual(publishedPackages().map((entry) => entry.name));
    expect(result.stdout).toContain('release: npm publish --workspace packages/schema --access public --dry-run');
    // Each package comes after the ones it depends on.
    const order = publishedPackages();
    for (const [index, entry] of order.entries()) {
      for (const dependency of entry.dependencies)
        expect(
          order.findIndex((other) => other.name === dependency),
          `${entry.name} after ${dependency}`,
        ).toBeLessThan(index);
    }
  }, 120_000);
});
