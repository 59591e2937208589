// The import graph of TypeScript sources, read from the text (no compiler): what
// `scripts/house-metrics.mjs` prints and what the import-cycle tests check. Type-only imports
// are edges too, marked as such: a loop that closes only through `import type` is still a loop
// (eslint's import-x/no-cycle skips type imports by design, so the tests catch those).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);

/**
 * The `.ts` files below `dir`, sorted; without tests (`*.test.ts`, `*.test-d.ts`) unless
 * `tests` is set.
 */
export function sourceFiles(dir, { tests = false } = {}) {
  const out = [];
  for (const entry of readdirSync(dir).sort()) {
    if (SKIPPED_DIRS.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path, { tests }));
    else if (/\.m?ts$/.test(path) && !path.endsWith('.d.ts') && (tests || !/\.test(-d)?\.ts$/.test(path)))
      out.push(path);
  }
  return out;
}

/** The text without comments (a `//` after `:` or a quote is kept: URLs in strings). */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const STATEMENT =
  /(?:^|[\s;])(import|export)\s+(type\s+)?([\w*{}\s,$]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Whether an import clause (`{ type A, type B }`) brings only types. */
function onlyTypes(clause) {
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/**
 * Every import of `text` (imports, re-exports, side-effect and dynamic imports), as
 * `{ specifier, typeOnly }`.
 */
export function importsIn(text) {
  const found = [];
  for (const match of withoutComments(text).matchAll(STATEMENT)) {
    if (match[4] !== undefined)
      found.push({ specifier: match[4], typeOnly: match[2] !== undefined || onlyTypes(match[3]) });
    else found.push({ specifier: match[5] ?? match[6], typeOnly: false });
  }
  return found;
}

/** The imports of `file` (see {@link importsIn}). */
export function importsOf(file) {
  return importsIn(readFileSync(file, 'utf8'));
}

/** The file a relative specifier of `from` names (`./a.js` → `./a.ts`), or null. */
export function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const target = resolve(dirname(from), specifier);
  const candidates = [
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.mjs$/, '.mts'),
    target,
    join(target, 'index.ts'),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/**
 * The file graph of `files`: file → (imported file → whether every import of it is
 * type-only). Imports that leave `files` are left out.
 */
export function fileGraph(files) {
  const inside = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = new Map();
    for (const { specifier, typeOnly } of importsOf(file)) {
      const target = resolveImport(file, specifier);
      if (target === null || !inside.has(target) || target === file) continue;
      targets.set(target, (targets.get(target) ?? true) && typeOnly);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The graph without its type-only edges. */
export function valueEdges(graph) {
  return new Map(
    [...graph].map(([from, targets]) => [from, new Map([...targets].filter(([, typeOnly]) => !typeOnly))]),
  );
}

/** The node of a folder graph that holds the entry points: files directly in the root that no file imports. */
export const ENTRY_POINTS = '(entry points)';

/**
 * The folder graph of `files` below `root`: folder (relative, `.` for the root) → the
 * folders it imports from, with whether every such import is type-only. The entry points (files
 * directly in `root` that no file of `files` imports: a package's `index.ts`, `node.ts`,
 * `bin.ts`) are a node of their own, {@link ENTRY_POINTS}, above every folder: `bin.ts` may
 * import `commands/`, whose files import a module beside `bin.ts`, without a loop.
 */
export function folderGraph(root, files) {
  const graph = new Map();
  const byFile = fileGraph(files);
  const imported = new Set([...byFile.values()].flatMap((targets) => [...targets.keys()]));
  const folderOf = (file) =>
    dirname(file) === root && !imported.has(file) ? ENTRY_POINTS : relative(root, dirname(file)) || '.';
  for (const [file, targets] of byFile) {
    const from = folderOf(file);
    for (const [target, typeOnly] of targets) {
      const to = folderOf(target);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const folderEdges = graph.get(from);
      folderEdges.set(to, (folderEdges.get(to) ?? true) && typeOnly);
    }
  }
  return graph;
}

/**
 * The cycles of `graph` (node → iterable of nodes, or a Map whose keys are the nodes): its
 * strongly connected components of more than one node, each sorted, in a stable order.
 */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indexOf = new Map();
  const low = new Map();
  const found = [];
  const targetsOf = (node) => {
    const targets = graph.get(node);
    return targets instanceof Map ? [...targets.keys()] : [...(targets ?? [])];
  };
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of targetsOf(node)) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  const nodes = new Set([...graph.keys(), ...[...graph.keys()].flatMap(targetsOf)]);
  for (const node of [...nodes].sort()) if (!indexOf.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * The import loops of `files`, type imports included, each as its files relative to `root`
 * and how it closes: `value` (through value imports alone), `type-only` (only through type
 * imports: no value loop among its files) or `partly type-only` (a value loop among some of
 * its files, the rest joined through type imports).
 */
export function importLoops(root, files) {
  const graph = fileGraph(files);
  const valueLoops = cycles(valueEdges(graph));
  return cycles(graph).map((loop) => {
    const members = new Set(loop);
    const inside = valueLoops.filter((valueLoop) => valueLoop.every((file) => members.has(file)));
    const kind =
      inside.length === 0
        ? 'type-only'
        : inside.some((valueLoop) => valueLoop.length === loop.length)
          ? 'value'
          : 'partly type-only';
    return { files: loop.map((file) => relative(root, file)), kind };
  });
}
