// `npm run pack [-- --out DIR] [--json]`: writes the `npm pack` tarball of every published
// package into one folder (default `tarballs/` at the repository root), building first when a
// build is missing or older than its sources, and prints the line that installs each package
// in a project outside this repository: its tarball and those of the teamchat packages it
// depends on, so that npm resolves them all without a registry.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { childEnv, installLine, publishedPackages, REPO_ROOT } from './published-packages.mjs';

/** Files below `dir` (recursively), or none when it does not exist. */
function filesBelow(dir, keep = () => true) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Why the build of a published package is not current, or undefined when it is. */
function staleBuild(entry) {
  const dir = join(REPO_ROOT, entry.dir);
  const outputs = filesBelow(join(dir, 'dist'));
  if (outputs.length === 0) return `${entry.dir}/dist is missing`;
  const inputs = [
    ...filesBelow(join(dir, 'src'), (name) => !/\.test(-d)?\.ts$/.test(name)),
    join(dir, 'package.json'),
    join(dir, 'tsup.config.ts'),
  ].filter((path) => existsSync(path));
  const oldest = Math.min(...outputs.map((path) => statSync(path).mtimeMs));
  const newer = inputs.find((path) => statSync(path).mtimeMs > oldest);
  return newer ? `${relative(REPO_ROOT, newer)} is newer than ${entry.dir}/dist` : undefined;
}

const HELP = `Usage: npm run pack [-- --out DIR] [--json]

Writes the tarball of every published package into DIR (default: tarballs/ at the repository
root) and prints, for each package, the npm install line for a project outside the repository.
Builds first (npm run build) when a build is missing or older than its sources.`;

function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const out = resolve(values.out ?? join(REPO_ROOT, 'tarballs'));
  const packages = publishedPackages();
  const stale = packages.map(staleBuild).find((reason) => reason !== undefined);
  if (stale) {
    process.stderr.write(`pack: ${stale}: building first (npm run build)\n`);
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: REPO_ROOT,
      env: childEnv(),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  mkdirSync(out, { recursive: true });
  const workspaces = packages.flatMap((entry) => ['-w', entry.dir]);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', out, ...workspaces], {
      cwd: REPO_ROOT,
      env: childEnv(),
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'utf8',
    }),
  );
  const written = new Set(packed.map((entry) => entry.filename));
  for (const entry of packages) {
    if (!written.has(entry.tarball))
      throw new Error(`pack: npm pack did not write ${entry.tarball} (wrote ${[...written].join(', ')})`);
  }
  const result = packages.map((entry) => ({
    name: entry.name,
    version: entry.version,
    tarball: join(out, entry.tarball),
    install: installLine(packages, entry.name, out),
  }));
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ directory: out, packages: result }, null, 2)}\n`);
    return;
  }
  const width = Math.max(...result.map((entry) => entry.name.length));
  process.stdout.write(
    `Packed ${result.length} packages into ${out}\n\nIn a project outside this repository, install a package with its line ` +
      '(it names the teamchat packages it needs too):\n\n' +
      `${result.map((entry) => `  ${entry.name.padEnd(width)}  ${entry.install}`).join('\n')}\n`,
  );
}

main();
