// `npm run release -- <command>`: the release path of the published packages, which share one
// version.
//
//   version <x.y.z | patch | minor | major>   sets it in every published package.json, pins their
//       teamchat dependencies to it, updates package-lock.json and the install lines of the
//       READMEs, and moves the "Unreleased" notes of CHANGELOG.md under a heading for it;
//   check                                     what publish checks first (one version everywhere,
//       exact pins, a changelog section, current install lines, current builds);
//   publish [--dry-run] [--tag T]             check, then `npm publish` of every package in
//       dependency order (`--dry-run` is npm's: it packs and reports, and sends nothing).
//
// `--root DIR` acts on another checkout (the tests use a copy).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import {
  childEnv,
  installLine,
  publishedPackages,
  README_TARBALLS,
  REPO_ROOT,
  tarballName,
  workspaceDirs,
} from './published-packages.mjs';

const CHANGELOG = 'CHANGELOG.md';
const UNRELEASED = '## Unreleased';
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function writeJson(path, value) {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** `x.y.z` after `current` for `patch`, `minor`, `major`; an explicit version as it is. */
export function nextVersion(current, bump) {
  const [major = 0, minor = 0, patch = 0] = current.split(/[.-]/).map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  if (bump === 'patch') return `${major}.${minor}.${patch + 1}`;
  if (!SEMVER.test(bump)) throw new Error(`release: '${bump}' is not a version (x.y.z) nor patch, minor or major`);
  return bump;
}

/** The documents that may name tarballs: the READMEs (the repository's and each package's) and docs/*.md. */
function documents(root, packages) {
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`)
    : [];
  return ['README.md', ...packages.map((entry) => `${entry.dir}/README.md`), ...docs].filter((path) =>
    existsSync(join(root, path)),
  );
}

/** Lines of `text` that name a tarball of a published package with another version than its own. */
function staleTarballs(text, packages) {
  const stale = [];
  for (const entry of packages) {
    const stem = tarballName(entry.name, '').replace(/\.tgz$/, '');
    for (const match of text.matchAll(
      new RegExp(`${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?)\\.tgz`, 'g'),
    )) {
      if (match[1] !== entry.version) stale.push(match[0]);
    }
  }
  return stale;
}

/** The install line each package's README must show (the one `npm run pack` prints, under `$TEAMCHAT/tarballs`). */
function missingInstallLines(root, packages) {
  return packages
    .filter((entry) => existsSync(join(root, entry.dir, 'README.md')))
    .filter(
      (entry) =>
        !readFileSync(join(root, entry.dir, 'README.md'), 'utf8').includes(
          installLine(packages, entry.name, README_TARBALLS),
        ),
    )
    .map((entry) => `${entry.dir}/README.md does not show \`${installLine(packages, entry.name, README_TARBALLS)}\``);
}

/** Problems that stop a release, one line each. */
export function releaseProblems(root, { builds = true } = {}) {
  const packages = publishedPackages(root);
  const problems = [];
  const versions = new Set(packages.map((entry) => entry.version));
  if (versions.size !== 1)
    problems.push(
      `the published packages have different versions: ${packages.map((e) => `${e.name}@${e.version}`).join(', ')}`,
    );
  const [version] = versions;
  for (const entry of packages) {
    const manifest = readJson(join(root, entry.dir, 'package.json'));
    for (const dependency of entry.dependencies) {
      const spec = manifest.dependencies?.[dependency] ?? manifest.peerDependencies?.[dependency];
      if (spec !== version)
        problems.push(`${entry.name} depends on ${dependency}@${spec}, not on the release's version ${version}`);
    }
  }
  const changelog = existsSync(join(root, CHANGELOG)) ? readFileSync(join(root, CHANGELOG), 'utf8') : '';
  if (!new RegExp(`^## ${version?.replace(/\./g, '\\.')}\\b`, 'm').test(changelog))
    problems.push(`${CHANGELOG} has no "## ${version}" section (npm run release -- version ${version} writes it)`);
  for (const path of documents(root, packages)) {
    for (const stale of staleTarballs(readFileSync(join(root, path), 'utf8'), packages))
      problems.push(`${path} names ${stale}, not the current version`);
  }
  problems.push(...missingInstallLines(root, packages));
  if (builds) {
    for (const entry of packages) {
      const dist = join(root, entry.dir, 'dist');
      if (!existsSync(dist) || readdirSync(dist).length === 0)
        problems.push(`${entry.dir}/dist is missing: run npm run build`);
      else if (
        statSync(join(root, entry.dir, 'package.json')).mtimeMs >
        Math.min(...readdirSync(dist).map((file) => statSync(join(dist, file)).mtimeMs))
      ) {
        problems.push(`${entry.dir}/package.json is newer than its build: run npm run build`);
      }
    }
  }
  return problems;
}

/**
 * Sets `version` everywhere (see the header): the published packages' versions, and every pin
 * on them in the workspace (the examples' dependencies, the packages' devDependencies) and in
 * package-lock.json. Returns the files it changed.
 */
export function setVersion(root, version, today = new Date().toISOString().slice(0, 10)) {
  const packages = publishedPackages(root);
  const names = new Set(packages.map((entry) => entry.name));
  const dirs = new Set(packages.map((entry) => entry.dir));
  const changed = [];
  /** Sets the version of a published workspace's manifest (or lock entry) and pins its teamchat dependencies. */
  const update = (manifest, dir) => {
    if (dirs.has(dir)) manifest.version = version;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
      for (const name of Object.keys(manifest[field] ?? {})) if (names.has(name)) manifest[field][name] = version;
    }
  };
  for (const dir of workspaceDirs(root)) {
    const path = join(root, dir, 'package.json');
    const manifest = readJson(path);
    const before = JSON.stringify(manifest);
    update(manifest, dir);
    if (JSON.stringify(manifest) !== before) {
      writeJson(path, manifest);
      changed.push(`${dir}/package.json`);
    }
  }
  const lockPath = join(root, 'package-lock.json');
  if (existsSync(lockPath)) {
    const lock = readJson(lockPath);
    for (const dir of workspaceDirs(root)) if (lock.packages?.[dir]) update(lock.packages[dir], dir);
    writeJson(lockPath, lock);
    changed.push('package-lock.json');
  }
  // Install lines: every tarball name of a published package gets the new version.
  for (const path of documents(root, packages)) {
    const text = readFileSync(join(root, path), 'utf8');
    let next = text;
    for (const entry of packages) next = next.split(entry.tarball).join(tarballName(entry.name, version));
    if (next !== text) {
      writeFileSync(join(root, path), next);
      changed.push(path);
    }
  }
  const changelogPath = join(root, CHANGELOG);
  const changelog = existsSync(changelogPath) ? readFileSync(changelogPath, 'utf8') : `# Changelog\n\n${UNRELEASED}\n`;
  if (!changelog.includes(UNRELEASED))
    throw new Error(`release: ${CHANGELOG} has no "${UNRELEASED}" heading to release`);
  writeFileSync(changelogPath, changelog.replace(UNRELEASED, `${UNRELEASED}\n\n## ${version} — ${today}`));
  changed.push(CHANGELOG);
  return changed;
}

/** `npm publish` of every package in dependency order; stops at the first failure. */
function publish(root, { dryRun, tag }) {
  for (const entry of publishedPackages(root)) {
    const args = [
      'publish',
      '--workspace',
      entry.dir,
      '--access',
      'public',
      ...(tag ? ['--tag', tag] : []),
      ...(dryRun ? ['--dry-run'] : []),
    ];
    process.stdout.write(`release: npm ${args.join(' ')}\n`);
    const result = spawnSync('npm', args, { cwd: root, env: childEnv(), stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) {
      process.stderr.write(
        `release: publishing ${entry.name} failed; the packages before it are published, the ones after it are not\n`,
      );
      process.exit(result.status ?? 1);
    }
  }
}

const HELP = `Usage: npm run release -- version <x.y.z|patch|minor|major>
       npm run release -- check
       npm run release -- publish [--dry-run] [--tag TAG]
Options: --root DIR (another checkout)`;

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean' },
      tag: { type: 'string' },
      root: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const root = values.root ?? REPO_ROOT;
  const [command, argument] = positionals;
  if (values.help || command === undefined) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  if (command === 'version') {
    if (!argument) throw new Error('release: version needs x.y.z, patch, minor or major');
    const version = nextVersion(publishedPackages(root)[0]?.version ?? '0.0.0', argument);
    const changed = setVersion(root, version);
    process.stdout.write(
      `release: version ${version} in ${changed.join(', ')}\nNext: npm run build, review CHANGELOG.md, commit, then npm run release -- publish\n`,
    );
    return;
  }
  if (command === 'check' || command === 'publish') {
    const problems = releaseProblems(root);
    if (problems.length > 0) {
      process.stderr.write(`release: not ready:\n${problems.map((line) => `  - ${line}`).join('\n')}\n`);
      process.exit(1);
    }
    if (command === 'check') {
      process.stdout.write(
        `release: ready to publish ${publishedPackages(root)
          .map((e) => `${e.name}@${e.version}`)
          .join(', ')}\n`,
      );
      return;
    }
    publish(root, { dryRun: values['dry-run'] === true, tag: values.tag });
    return;
  }
  throw new Error(`release: unknown command '${command}'\n${HELP}`);
}

main();
