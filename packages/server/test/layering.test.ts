import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { incomingEndpoints } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { tierOfFolders } from '../../../scripts/lib/core-tiers.mjs';
import { cycles, ENTRY_POINTS, folderGraph, importsOf, sourceFiles } from '../../../scripts/lib/import-graph.mjs';
import { contractHandlers } from '../src/core/handlers/index.js';

// The layout of docs/architecture.md, checked: import arrows between folders never loop, each
// tier of the core imports nothing above it, the core speaks no HTTP and no `node:`, and there is one
// handler map per area of the contracts (that every contract has a handler is the compiler's:
// core/handlers/index.ts). Lint (eslint.config.js) checks the same rules per file as they are
// written; this test sees the whole graph, type imports included.

const here = dirname(fileURLToPath(import.meta.url));
const SRC = resolve(here, '../src');
const CORE = join(SRC, 'core');
const HANDLERS = join(CORE, 'handlers');
const SCHEMA_ENDPOINTS = resolve(here, '../../schema/src/endpoints');

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

  it('puts the entry points (bin.ts, index.ts, …: nothing imports them) above every folder', () => {
    const graph = foldersOf(SRC);
    // bin.ts imports commands/, whose files import assemble-server.ts beside bin.ts: no loop.
    expect(graph.get(ENTRY_POINTS)?.has('commands')).toBe(true);
    expect(graph.get('commands')?.has('.')).toBe(true);
    expect([...graph.values()].some((targets) => targets.has(ENTRY_POINTS))).toBe(false);
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

  it('keeps every tier of src/core below the tiers above it (scripts/lib/core-tiers.mjs), type imports included', () => {
    const graph = foldersOf(CORE);
    const tiers = tierOfFolders(CORE);
    // A subfolder (model/records) is in its top folder's tier; the assembly (create-core.ts, index.ts: `.`) is above them all.
    const tierOf = (folder: string): number =>
      folder === '.' || folder === ENTRY_POINTS ? Infinity : (tiers.get(folder.split('/')[0] ?? folder) ?? -1);
    const upward = [...graph].flatMap(([from, targets]) =>
      [...targets.keys()].filter((to) => tierOf(to) > tierOf(from)).map((to) => `${from} -> ${to}`),
    );
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

describe('core/handlers: one handler map per area of the contracts', () => {
  it('has handlers/<area>.ts for every folder of schema/src/endpoints, and no other', () => {
    const areas = readdirSync(SCHEMA_ENDPOINTS).filter((entry) =>
      statSync(join(SCHEMA_ENDPOINTS, entry)).isDirectory(),
    );
    const maps = readdirSync(HANDLERS)
      .filter((file) => file !== 'index.ts')
      .map((file) => file.replace(/\.ts$/, ''));
    expect(maps.sort()).toEqual(areas.sort());
  });

  it('declares each map for its own area (the compiler then checks that the map serves exactly its contracts)', () => {
    // The schema names each area's namespace where it imports the folder (`markRead` for mark-read/).
    const table = readFileSync(join(SCHEMA_ENDPOINTS, 'index.ts'), 'utf8');
    const namespaces = new Map(
      [...table.matchAll(/import \* as (\w+) from '\.\/([\w-]+)\/index\.js'/g)].map(([, namespace, folder]) => [
        folder,
        namespace,
      ]),
    );
    const problems = readdirSync(HANDLERS)
      .filter((file) => file !== 'index.ts')
      .flatMap((file) => {
        const area = file.replace(/\.ts$/, '');
        const declared = /areaHandlers\(\s*'(\w+)'/.exec(readFileSync(join(HANDLERS, file), 'utf8'))?.[1];
        return declared !== undefined && declared === namespaces.get(area)
          ? []
          : [`handlers/${file} is areaHandlers('${declared}', …), not areaHandlers('${namespaces.get(area)}', …)`];
      });
    expect(problems).toEqual([]);
  });

  it('serves every incoming contract, and only those', () => {
    expect(contractHandlers.map(({ contract }) => contract)).toEqual([...incomingEndpoints]);
    expect(contractHandlers.every((handler) => typeof handler.operation === 'function')).toBe(true);
  });
});
