// Adds lock entries for platform packages that the npm registry mirror of the development
// machines does not serve (404), so that `npm ci` accepts the lock file everywhere.
//
// npm leaves an optional dependency out of package-lock.json when it cannot fetch its
// metadata, and `npm ci` then refuses the lock ("Missing: @rollup/rollup-…"). The entries
// added here carry the package's version and its os/cpu/libc, read from the package name; npm
// skips them on every other platform without downloading anything. It runs in `prepare`
// (after every `npm install`) and writes only when an entry is missing.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));

const CPUS = {
  arm: 'arm',
  'arm-eabi': 'arm',
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
};

/** `@rollup/rollup-linux-arm-musleabihf` → { os: ['linux'], cpu: ['arm'], libc: ['musl'] }. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-').slice(1); // drop the "rollup" prefix
  const os = parts[0];
  const rest = parts.slice(1).join('-');
  const cpuKey = Object.keys(CPUS)
    .sort((a, b) => b.length - a.length)
    .find((key) => rest === key || rest.startsWith(`${key}-`));
  if (!cpuKey) return null;
  const suffix = rest.slice(cpuKey.length + 1);
  const platform = { os: [os], cpu: [CPUS[cpuKey]] };
  if (os === 'linux') platform.libc = [suffix.includes('musl') ? 'musl' : 'glibc'];
  return platform;
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (!name.startsWith('@rollup/rollup-')) continue;
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const platform = platformOf(name);
    if (!platform) throw new Error(`complete-lockfile: cannot tell the platform of ${name} (needed by ${path})`);
    lock.packages[key] = { version, ...platform, dev: entry.dev === true || undefined, license: 'MIT', optional: true };
    added += 1;
  }
}
if (added > 0) {
  writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lockfile: ${added} entr${added === 1 ? 'y' : 'ies'} added to package-lock.json`);
}
