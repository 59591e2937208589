import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { incomingEndpoints, type Endpoint } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { implementations } from '../src/core/endpoints/index.js';
import type { Implementation } from '../src/core/procedure/implement.js';

// The layout of DESIGN.md, checked: import arrows between folders never loop, the model tier
// imports nothing above it, the core speaks no HTTP and no `node:`, and the endpoint handlers
// mirror the contract files one to one. Lint (eslint.config.js) checks the same rules per file
// as they are written; this test sees the whole graph, type imports included.

const here = dirname(fileURLToPath(import.meta.url));
const SRC = resolve(here, '../src');
const CORE = join(SRC, 'core');
const SCHEMA_ENDPOINTS = resolve(here, '../../schema/src/endpoints');

/** Contracts declared but not served yet, each with the issue that serves it. */
const NOT_YET_SERVED: Readonly<Record<string, string>> = {
};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (path.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(path)) out.push(path);
  }
  return out;
}

const IMPORT = /(?:^|\s)(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every import of `file` (value and type imports, re-exports, dynamic imports): the specifiers as written. */
function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => (match[1] ?? match[2]) as string);
}

/** The node of the folder graph that holds the entry points: the files of `root` itself that no file imports. */
const ENTRY_POINTS = '(entry points)';

/**
 * Folder → folders it imports from (relative imports inside `root` only). The entry points
 * (`index.ts`, `node.ts`, `bin.ts`, …: files at the top of `root` that no source file imports)
 * are a node of their own above every folder: `bin.ts` may import `commands/`, whose files
 * import `assemble-server.ts` beside it, without a loop.
 */
function folderGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = sourceFiles(root);
  const imported = new Set(files.flatMap((file) => importsOf(file).filter((s) => s.startsWith('.')).map((s) => resolve(dirname(file), s).replace(/\.js$/, '.ts'))));
  const folderOf = (file: string) => (dirname(file) === root && !imported.has(file) ? ENTRY_POINTS : relative(root, dirname(file)) || '.');
  for (const file of files) {
    const from = folderOf(file);
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(root)) continue;
      const to = folderOf(target.replace(/\.js$/, '.ts'));
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)?.add(to);
    }
  }
  return graph;
}

/** The cycles of `graph` (strongly connected components of more than one folder). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, indexOf.get(next) as number));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((targets) => [...targets])]);
  for (const node of nodes) if (!indexOf.has(node)) visit(node);
  return found;
}

describe('the server source tree', () => {
  it('has no import cycle between folders, type imports included', () => {
    expect(cycles(folderGraph(SRC))).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('keeps core/model and core/internal below every domain folder', () => {
    const graph = folderGraph(CORE);
    const below = new Set(['model', 'internal']);
    const upward = [...graph].flatMap(([from, targets]) => (below.has(from) ? [...targets].filter((to) => !below.has(to)).map((to) => `${from} -> ${to}`) : []));
    expect(upward).toEqual([]);
    expect([...(graph.get('internal') ?? [])]).toEqual([]);
  });

  it('keeps HTTP and Node out of src/core', () => {
    const offenders = sourceFiles(CORE).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const problems: string[] = [];
      if (importsOf(file).some((specifier) => specifier.startsWith('node:'))) problems.push('imports node:');
      if (/new Response\b|\bHeaders\(/.test(text)) problems.push('builds a Response or Headers');
      return problems.map((problem) => `${relative(SRC, file)} ${problem}`);
    });
    expect(offenders).toEqual([]);
  });

  it('reaches the core only through core/index.ts from outside it', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.startsWith(`${CORE}/`))
      .flatMap((file) =>
        importsOf(file)
          .filter((specifier) => specifier.startsWith('.') && resolve(dirname(file), specifier).startsWith(`${CORE}/`))
          .filter((specifier) => resolve(dirname(file), specifier) !== join(CORE, 'index.js'))
          .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
      );
    expect(offenders).toEqual([]);
  });
});

/** `area/operation` of every contract file of the schema, with the contracts it declares. */
async function contractFiles(): Promise<Map<string, Endpoint[]>> {
  const files = new Map<string, Endpoint[]>();
  for (const area of readdirSync(SCHEMA_ENDPOINTS)) {
    const dir = join(SCHEMA_ENDPOINTS, area);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir)) {
      if (file === 'index.ts' || !file.endsWith('.ts')) continue;
      const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
      const declared = Object.values(module).filter((value): value is Endpoint => typeof value === 'object' && value !== null && 'pathParams' in value);
      if (declared.length > 0) files.set(`${area}/${file.replace(/\.ts$/, '')}`, declared);
    }
  }
  return files;
}

/** `area/operation` of every handler file, with the implementations it exports. */
async function handlerFiles(): Promise<Map<string, Implementation[]>> {
  const root = join(CORE, 'endpoints');
  const files = new Map<string, Implementation[]>();
  for (const file of sourceFiles(root)) {
    const name = relative(root, file).replace(/\.ts$/, '');
    if (name === 'index' || name.endsWith('/index')) continue;
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const exported = Object.values(module).filter((value): value is Implementation => typeof value === 'object' && value !== null && 'handler' in value && 'endpoint' in value);
    files.set(name, exported);
  }
  return files;
}

describe('core/endpoints mirrors schema/src/endpoints', () => {
  it('has a handler file at the mirrored path of every contract file, serving exactly its contracts', async () => {
    const contracts = await contractFiles();
    const handlers = await handlerFiles();
    const problems: string[] = [];
    for (const [path, implemented] of handlers) {
      const declared = contracts.get(path);
      if (!declared) {
        problems.push(`core/endpoints/${path}.ts has no contract file schema/src/endpoints/${path}.ts`);
        continue;
      }
      for (const implementation of implemented) {
        if (!declared.includes(implementation.endpoint)) problems.push(`core/endpoints/${path}.ts serves ${implementation.endpoint.name}, declared elsewhere`);
      }
      for (const endpoint of declared) {
        if (!implemented.some((implementation) => implementation.endpoint === endpoint)) problems.push(`core/endpoints/${path}.ts does not serve ${endpoint.name}`);
      }
    }
    const incoming = new Set<Endpoint>(incomingEndpoints);
    for (const [path, declared] of contracts) {
      const pending = declared.filter((endpoint) => incoming.has(endpoint) && !(endpoint.name in NOT_YET_SERVED));
      if (pending.length > 0 && !handlers.has(path)) problems.push(`schema/src/endpoints/${path}.ts has no handler file core/endpoints/${path}.ts`);
    }
    expect(problems).toEqual([]);
  });

  it('lists every handler in endpoints/index.ts, once, and serves no contract in NOT_YET_SERVED', async () => {
    const handlers = [...(await handlerFiles()).values()].flat();
    const listed: readonly Implementation[] = implementations;
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort(byName)).toEqual([...handlers].sort(byName));
    expect(listed.filter((implementation) => implementation.endpoint.name in NOT_YET_SERVED)).toEqual([]);
  });
});

const byName = (a: Implementation, b: Implementation) => a.endpoint.name.localeCompare(b.endpoint.name);
