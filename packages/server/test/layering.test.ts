import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { incomingEndpoints, type Endpoint } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { cycles, folderGraph, importsOf, sourceFiles } from '../../../scripts/lib/import-graph.mjs';
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

/** Folder → folders it imports from (relative imports inside `root` only), type imports included. */
function foldersOf(root: string): Map<string, Map<string, boolean>> {
  return folderGraph(root, sourceFiles(root));
}

/** The specifiers `file` imports (values and types). */
const specifiersOf = (file: string): string[] => importsOf(file).map(({ specifier }) => specifier);

describe('the server source tree', () => {
  it('has no import cycle between folders, type imports included', () => {
    expect(cycles(foldersOf(SRC))).toEqual([]);
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
    const graph = foldersOf(CORE);
    const below = new Set(['model', 'internal']);
    const upward = [...graph].flatMap(([from, targets]) => (below.has(from) ? [...targets.keys()].filter((to) => !below.has(to)).map((to) => `${from} -> ${to}`) : []));
    expect(upward).toEqual([]);
    expect([...(graph.get('internal')?.keys() ?? [])]).toEqual([]);
  });

  it('keeps HTTP and Node out of src/core', () => {
    const offenders = sourceFiles(CORE).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const problems: string[] = [];
      if (specifiersOf(file).some((specifier) => specifier.startsWith('node:'))) problems.push('imports node:');
      if (/new Response\b|\bHeaders\(/.test(text)) problems.push('builds a Response or Headers');
      return problems.map((problem) => `${relative(SRC, file)} ${problem}`);
    });
    expect(offenders).toEqual([]);
  });

  it('reaches the core only through core/index.ts from outside it', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.startsWith(`${CORE}/`))
      .flatMap((file) =>
        specifiersOf(file)
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
