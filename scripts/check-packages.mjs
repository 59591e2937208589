// Checks every published package after the build: publint (exports map, files, types), that
// each entry of the exports map loads in ESM and — where the map offers it — in CJS, and that
// its types resolve: every `types` file exists, and a tiny consumer of each entry typechecks
// under `--module nodenext` as an ES module (.mts) and, where the map offers `require`, as a
// CommonJS module (.cts).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import ts from 'typescript';
import { publishedPackages } from './published-packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Problems per package name, printed at the end (a package is `ok` only without any). */
const problems = new Map();

function report(pkgName, text) {
  problems.set(pkgName, [...(problems.get(pkgName) ?? []), text]);
}

/** The `types` file of each condition (`import`, `require`) of an exports entry. */
function typesOf(target) {
  const found = [];
  for (const condition of ['import', 'require']) {
    const branch = target[condition];
    if (branch && typeof branch === 'object' && typeof branch.types === 'string') found.push([condition, branch.types]);
  }
  if (typeof target.types === 'string') found.push(['types', target.types]);
  return found;
}

// Consumers live under node_modules so that they resolve the workspace packages through their
// node_modules links and `exports` maps, as an installed copy would (not through `source`).
const consumerDir = join(root, 'node_modules', '.cache', 'teamchat-check-packages');
rmSync(consumerDir, { recursive: true, force: true });
mkdirSync(consumerDir, { recursive: true });
/** Consumer file → the package and entry it checks. */
const consumers = new Map();

for (const { dir: folder } of publishedPackages()) {
  const dir = join(root, folder);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const { messages } = await publint({ pkgDir: dir, strict: true, level: 'warning' });
  for (const message of messages) report(pkg.name, formatMessage(message, pkg));
  const require = createRequire(join(dir, 'package.json'));
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    if (subpath === './package.json' || typeof target !== 'object' || target === null) continue;
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    for (const [condition, file] of typesOf(target)) {
      if (!existsSync(join(dir, file)))
        report(pkg.name, `${specifier} (${condition}): the types file ${file} does not exist`);
    }
    // Browser-only entries (`"node": null`) are neither loadable nor resolvable in Node by design.
    if (target.node === null) continue;
    const variants = [['import', () => import(specifier)]];
    if (target.require) variants.push(['require', () => require(specifier)]);
    for (const [kind, load] of variants) {
      try {
        const loaded = await load();
        if (Object.keys(loaded).length === 0) throw new Error('no exports');
      } catch (error) {
        report(
          pkg.name,
          `${specifier} (${kind}) does not load: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    // A consumer that needs the types: an unresolved entry is an error (TS2307/TS7016), not `any`.
    const base = `${pkg.name.replace(/^@[^/]+\//, '')}-${subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '-')}`;
    const body = `import * as entry from '${specifier}';\nexport const names: string[] = Object.keys(entry);\n`;
    const esm = join(consumerDir, `${base}.mts`);
    writeFileSync(esm, body);
    consumers.set(esm, { pkgName: pkg.name, label: `${specifier} (import)` });
    if (target.require) {
      const cjs = join(consumerDir, `${base}.cts`);
      writeFileSync(cjs, body);
      consumers.set(cjs, { pkgName: pkg.name, label: `${specifier} (require)` });
    }
  }
}

// One program for every consumer keeps this to a single typecheck.
const program = ts.createProgram([...consumers.keys()], {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: ['node'],
  typeRoots: [join(root, 'node_modules', '@types')],
});
for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
  const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  const consumer = diagnostic.file ? consumers.get(diagnostic.file.fileName) : undefined;
  if (consumer) report(consumer.pkgName, `${consumer.label}: the types do not resolve for a consumer: ${text}`);
  else report('(typecheck)', `${diagnostic.file?.fileName ?? ''}: ${text}`);
}
rmSync(consumerDir, { recursive: true, force: true });

let failures = 0;
const names = publishedPackages().map((entry) => entry.name);
for (const name of [...names, '(typecheck)']) {
  const found = problems.get(name) ?? [];
  failures += found.length;
  for (const text of found) console.error(`${name}: ${text}`);
  if (found.length === 0 && name !== '(typecheck)') console.log(`${name}: ok`);
}
if (failures > 0) {
  console.error(`${failures} problem(s) in the published packages.`);
  process.exit(1);
}
