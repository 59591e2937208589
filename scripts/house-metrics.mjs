#!/usr/bin/env node
// `node scripts/house-metrics.mjs`: figures of the house (issue 23) for the tree it runs in,
// to compare before and after a change of the layout: the files touched to add an endpoint,
// the importers of the server's context module (and of its successors: the per-request
// context, services, ports, configuration, the model's view), the largest source files,
// lines over 120 characters, `@see` references that lead outside the repository, import loops (type
// imports included) in every package, and the folder tree of packages/server/src with line
// counts. Plain Node, no build needed; it only reads files.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderGraph, cycles, importLoops, importsOf, resolveImport, sourceFiles } from './lib/import-graph.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => join(root, ...parts);
const rel = (path) => relative(root, path);
const lineCount = (file) => readFileSync(file, 'utf8').split('\n').length - 1;

/** The workspace packages and examples: name → folder. */
function packageDirs() {
  const dirs = [];
  for (const parent of ['packages', 'examples']) {
    if (!existsSync(at(parent))) continue;
    for (const name of readdirSync(at(parent)).sort()) {
      if (existsSync(at(parent, name, 'package.json'))) dirs.push(at(parent, name));
    }
  }
  return dirs;
}

// --- Files touched to add an endpoint -----------------------------------------------------

/** Where the parity scenarios live in this tree. */
function parityDir() {
  return (
    ['test/parity', 'packages/parity', 'packages/mock/test/parity'].find((dir) => existsSync(at(dir, 'scenarios'))) ??
    '(no parity suite found)'
  );
}

/** Whether git tracks `path` (a generated file kept in the repository); outside a clone, whether it exists. */
function tracked(path) {
  if (!existsSync(at(path))) return false;
  try {
    execFileSync('git', ['ls-files', '--error-unmatch', path], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return !existsSync(at('.git'));
  }
}

/**
 * The steps of "How to add an endpoint", as this tree needs them: each with the file it
 * touches, present only when the tree has the thing the step edits.
 */
function endpointSteps() {
  const table = at('packages/schema/src/endpoints/index.ts');
  const handOrdered = existsSync(table) && /const all = \[/.test(readFileSync(table, 'utf8'));
  const steps = [
    ['the contract', 'packages/schema/src/endpoints/<area>/<operation>.ts', true],
    ['export it from the area', 'packages/schema/src/endpoints/<area>/index.ts', true],
    ['the hand-ordered contract table (`all`)', 'packages/schema/src/endpoints/index.ts', handOrdered],
    [
      'a one-line handler file',
      'packages/server/src/core/endpoints/<area>/<operation>.ts',
      existsSync(at('packages/server/src/core/endpoints')),
    ],
    [
      "the area's handler list",
      'packages/server/src/core/endpoints/<area>/index.ts',
      existsSync(at('packages/server/src/core/endpoints')),
    ],
    [
      "an entry in the area's handler map",
      'packages/server/src/core/handlers/<area>.ts',
      existsSync(at('packages/server/src/core/handlers')),
    ],
    ['the operation', 'packages/server/src/core/<domain>/<operation>.ts', true],
    ['parity scenarios', `${parityDir()}/scenarios/<area>/<file>.ts`, true],
    [
      'the SDK table (`npm run generate`)',
      'packages/client-sdk/src/generated/endpoint-table.ts',
      tracked('packages/client-sdk/src/generated/endpoint-table.ts'),
    ],
  ];
  const always = steps.filter(([, , needed]) => needed);
  const registerState = [
    ['when POST /register state changes: the state block list', 'packages/server/src/core/register/state-blocks.ts'],
    [
      "when POST /register state changes: the SDK's applyEvent",
      'packages/client-sdk/src/helpers/events/apply-event.ts',
    ],
  ].filter(([, file]) => existsSync(at(file)));
  return { always, registerState };
}

// --- The context module -------------------------------------------------------------------

/**
 * The context module and the modules that replaced it (issue 23 step 2), whichever exist: the
 * per-request context first (the figure the issue cares about: how many files reach for the
 * context), then the services, the ports an area declares, the server's configuration and the
 * model's own view.
 */
const CONTEXT_MODULES = [
  ['packages/server/src/core/model/context.ts', 'the context (before step 2)'],
  ['packages/server/src/core/runtime/context.ts', 'the per-request context'],
  ['packages/server/src/core/runtime/services.ts', 'the runtime services'],
  ['packages/server/src/core/runtime/ports.ts', 'the ports an area declares'],
  ['packages/server/src/core/config/server-config.ts', "the server's configuration"],
  ['packages/server/src/core/model/model-context.ts', "the model's view of the context"],
];

/** Importers of each context module that exists, and of any of them, value and type-only apart. */
function contextImporters() {
  const modules = CONTEXT_MODULES.filter(([file]) => existsSync(at(file))).map(([file, what]) => ({
    file,
    what,
    path: at(file),
    value: [],
    typeOnly: [],
  }));
  const any = { value: [], typeOnly: [] };
  for (const dir of packageDirs()) {
    for (const file of sourceFiles(dir, { tests: true })) {
      const imports = importsOf(file).map((imported) => ({
        ...imported,
        target: resolveImport(file, imported.specifier) ?? '',
      }));
      let reached = [];
      for (const module of modules) {
        const of = imports.filter(({ target }) => target === module.path);
        if (of.length === 0) continue;
        (of.every(({ typeOnly }) => typeOnly) ? module.typeOnly : module.value).push(rel(file));
        reached = reached.concat(of);
      }
      if (reached.length > 0) (reached.every(({ typeOnly }) => typeOnly) ? any.typeOnly : any.value).push(rel(file));
    }
  }
  return { modules, any };
}

// --- Sizes --------------------------------------------------------------------------------

/** Non-test sources of every package (`src/`). */
function packageSources() {
  return packageDirs().flatMap((dir) => (existsSync(join(dir, 'src')) ? sourceFiles(join(dir, 'src')) : []));
}

/** Every text file of the repository we write (sources, tests, scripts, docs), for line-length and `@see` counts. */
function repositoryFiles(dir = root) {
  const out = [];
  for (const entry of readdirSync(dir).sort()) {
    if (['node_modules', 'dist', '.git', 'results', 'consumer'].includes(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...repositoryFiles(path));
    else if (/\.(m?ts|mjs|js|md)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Long lines per kind of file: package sources, tests, scripts and others, docs. */
function longLines(files) {
  const counts = { 'package sources': 0, tests: 0, 'scripts, bench, other code': 0, 'markdown docs': 0 };
  let generated = 0;
  for (const file of files) {
    const long = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.length > 120).length;
    if (long === 0) continue;
    const path = rel(file);
    if (path.includes('/generated/')) generated += long;
    else if (path.endsWith('.md')) counts['markdown docs'] += long;
    else if (/\.test(-d)?\.ts$/.test(path) || /(^|\/)test(-support)?\//.test(path)) counts.tests += long;
    else if (/^(packages|examples)\/[^/]+\/src\//.test(path)) counts['package sources'] += long;
    else counts['scripts, bench, other code'] += long;
  }
  return { counts, generated };
}

/** `@see` tags that lead outside the repository: the shared reference notes and the spec. */
function outsideReferences(files) {
  const byPackage = new Map();
  let total = 0;
  for (const file of files) {
    // This script and the test that keeps such references out name them on purpose.
    if (file === fileURLToPath(import.meta.url) || rel(file) === 'test/outside-references.test.ts') continue;
    const hits = readFileSync(file, 'utf8')
      .split('\n')
      .filter(
        (line) => /@see\b/.test(line) && /shared\/reference|reference\/[\w-]+\.md|api-spec\.md/.test(line),
      ).length;
    if (hits === 0) continue;
    total += hits;
    const key = rel(file).split('/').slice(0, 2).join('/');
    byPackage.set(key, (byPackage.get(key) ?? 0) + hits);
  }
  return { total, byPackage };
}

/** Lines and files per folder of `dir` (non-test sources), as indented lines. */
function folderTree(dir, depth = 0) {
  const files = sourceFiles(dir);
  const lines = files.reduce((sum, file) => sum + lineCount(file), 0);
  const tests = sourceFiles(dir, { tests: true }).length - files.length;
  const name = depth === 0 ? rel(dir) : `${dir.split('/').pop()}/`;
  const out = [
    `${'  '.repeat(depth)}${name.padEnd(Math.max(1, 44 - 2 * depth))} ${String(lines).padStart(6)} lines ${String(files.length).padStart(4)} files${tests > 0 ? ` (+${tests} tests)` : ''}`,
  ];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...folderTree(path, depth + 1));
  }
  return out;
}

// --- Report -------------------------------------------------------------------------------

const out = [];
const heading = (text) => out.push('', `## ${text}`);

out.push(`# House metrics (scripts/house-metrics.mjs) of ${root}`);

heading('Files touched to add an endpoint (from the documented steps)');
const { always, registerState } = endpointSteps();
always.forEach(([what, file], i) => out.push(`${String(i + 1).padStart(2)}. ${what}: ${file}`));
registerState.forEach(([what, file]) => out.push(`  + ${what}: ${file}`));
out.push(`=> ${always.length} files (${always.length + registerState.length} when POST /register state changes)`);

heading('Importers of the context module (and of the modules that replaced it)');
const importers = contextImporters();
for (const { file, what, value, typeOnly } of importers.modules) {
  out.push(`${file} (${what}): ${value.length + typeOnly.length} files (${typeOnly.length} import only types)`);
}
if (importers.modules.length > 1) {
  out.push(
    `any of them: ${importers.any.value.length + importers.any.typeOnly.length} files (${importers.any.typeOnly.length} import only types)`,
  );
}

heading('The 15 largest source files (packages/*/src, tests excluded)');
const sizes = packageSources()
  .map((file) => [lineCount(file), rel(file)])
  .sort((a, b) => b[0] - a[0] || a[1].localeCompare(b[1]));
for (const [lines, file] of sizes.slice(0, 15)) out.push(`${String(lines).padStart(6)}  ${file}`);
out.push(`(${sizes.length} source files, ${sizes.reduce((sum, [lines]) => sum + lines, 0)} lines)`);

const files = repositoryFiles();
heading('Lines over 120 characters');
const long = longLines(files);
const longTotal = Object.values(long.counts).reduce((a, b) => a + b, 0);
for (const [kind, count] of Object.entries(long.counts)) out.push(`${String(count).padStart(6)}  ${kind}`);
out.push(
  `${String(longTotal).padStart(6)}  total${long.generated > 0 ? ` (and ${long.generated} in generated files)` : ''}`,
);

heading('@see references outside the repository (shared/reference, api-spec.md)');
const references = outsideReferences(files);
for (const [where, count] of [...references.byPackage].sort((a, b) => b[1] - a[1]))
  out.push(`${String(count).padStart(6)}  ${where}`);
out.push(`${String(references.total).padStart(6)}  total`);

heading('Import loops, type imports included');
for (const dir of packageDirs()) {
  const src = join(dir, 'src');
  if (!existsSync(src)) continue;
  const loops = importLoops(root, sourceFiles(src));
  out.push(`${rel(dir)}: ${loops.length === 0 ? 'no file-level loop' : `${loops.length} file-level loop(s)`}`);
  for (const loop of loops) out.push(`  ${loop.kind}: ${loop.files.join(' -> ')}`);
}
const serverSrc = at('packages/server/src');
if (existsSync(serverSrc)) {
  const folderLoops = cycles(folderGraph(serverSrc, sourceFiles(serverSrc)));
  out.push(
    `packages/server/src folders: ${folderLoops.length === 0 ? 'no folder-level loop' : folderLoops.map((loop) => loop.join(' <-> ')).join('; ')}`,
  );
}

heading('packages/server/src: folders with line counts (tests excluded)');
if (existsSync(serverSrc)) out.push(...folderTree(serverSrc));

process.stdout.write(`${out.join('\n')}\n`);
