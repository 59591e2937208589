// Checks every published package after the build: publint (exports map, files, types) and
// that each entry of the exports map loads, in ESM and — where the map offers it — in CJS.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const PACKAGES = ['schema', 'client-sdk', 'server', 'mock', 'cli'];
const root = new URL('..', import.meta.url).pathname;
let failures = 0;

for (const name of PACKAGES) {
  const dir = join(root, 'packages', name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const { messages } = await publint({ pkgDir: dir, strict: true, level: 'warning' });
  for (const message of messages) {
    failures += 1;
    console.error(`${pkg.name}: ${formatMessage(message, pkg)}`);
  }
  const require = createRequire(join(dir, 'package.json'));
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    if (subpath === './package.json' || typeof target !== 'object' || target === null) continue;
    // Browser-only entries (`"node": null`) are not loadable in Node by design.
    if (target.node === null) continue;
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    const variants = [['import', () => import(specifier)]];
    if (target.require) variants.push(['require', () => require(specifier)]);
    for (const [kind, load] of variants) {
      try {
        const loaded = await load();
        if (Object.keys(loaded).length === 0) throw new Error('no exports');
      } catch (error) {
        failures += 1;
        console.error(`${specifier} (${kind}) does not load: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  console.log(`${pkg.name}: ok`);
}
if (failures > 0) {
  console.error(`${failures} problem(s) in the published packages.`);
  process.exit(1);
}
