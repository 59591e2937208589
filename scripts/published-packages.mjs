// The published packages of the workspace: every workspace whose package.json is not
// `"private": true`, in dependency order (each after the teamchat packages it depends on).
// `npm run pack`, `npm run release`, `npm run check:packages` and the packed-packages tests read
// them here, so a new package joins them by being a workspace that is not private.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folder the install lines of the READMEs name: `$TEAMCHAT` is the path of the clone. */
export const README_TARBALLS = '$TEAMCHAT/tarballs';

/** The workspace folders of `root` (relative, `/`-separated), `dir/*` patterns expanded. */
export function workspaceDirs(root = REPO_ROOT) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return (manifest.workspaces ?? []).flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, parent, entry.name, 'package.json')))
      .map((entry) => `${parent}/${entry.name}`)
      .sort();
  });
}

/** The file `npm pack` writes for a package: `@teamchat/client-sdk` 0.1.0 → `teamchat-client-sdk-0.1.0.tgz`. */
export function tarballName(name, version) {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/**
 * Every published workspace of `root`, dependencies first: `{ name, version, dir, tarball,
 * dependencies }`, `dependencies` being the published packages it needs (`dependencies` and
 * `peerDependencies` of its package.json).
 *
 * @throws {Error} when two published packages depend on each other.
 */
export function publishedPackages(root = REPO_ROOT) {
  const all = workspaceDirs(root).map((dir) => ({
    dir,
    manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')),
  }));
  const published = all.filter(({ manifest }) => manifest.private !== true);
  const names = new Set(published.map(({ manifest }) => manifest.name));
  const entries = published.map(({ dir, manifest }) => ({
    name: manifest.name,
    version: manifest.version,
    dir,
    tarball: tarballName(manifest.name, manifest.version),
    dependencies: Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).filter((dependency) =>
      names.has(dependency),
    ),
  }));
  const ordered = [];
  const visiting = new Set();
  const visit = (entry) => {
    if (ordered.includes(entry)) return;
    if (visiting.has(entry.name))
      throw new Error(`[teamchat] the published packages depend on each other in a loop through ${entry.name}`);
    visiting.add(entry.name);
    for (const dependency of entry.dependencies) visit(entries.find((candidate) => candidate.name === dependency));
    visiting.delete(entry.name);
    ordered.push(entry);
  };
  for (const entry of entries) visit(entry);
  return ordered;
}

/** The packages `name` needs installed beside it (itself included), dependencies first. */
export function withDependencies(packages, name) {
  const needed = new Set();
  const add = (current) => {
    const entry = packages.find((candidate) => candidate.name === current);
    if (!entry)
      throw new Error(`[teamchat] ${current} is not a published package (${packages.map((p) => p.name).join(', ')})`);
    if (needed.has(entry)) return;
    needed.add(entry);
    for (const dependency of entry.dependencies) add(dependency);
  };
  add(name);
  return packages.filter((entry) => needed.has(entry));
}

/**
 * The command that installs `name` from the tarballs in `folder`: its tarball and those of the
 * teamchat packages it depends on, so that npm finds them all without a registry.
 */
export function installLine(packages, name, folder = README_TARBALLS) {
  return `npm install ${withDependencies(packages, name)
    .map((entry) => `${folder}/${entry.tarball}`)
    .join(' ')}`;
}

/** The environment for a child `npm`, without what an outer `npm run` sets (it would steer the child). */
export function childEnv() {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) && !/^npm_config_(cache|registry|userconfig|globalconfig)$/i.test(key)) continue;
    env[key] = value;
  }
  return env;
}
