/**
 * No file imports itself around a loop, in any package, type imports included. ESLint's
 * import-x/no-cycle (eslint.config.js) reports value loops as they are written, but it skips
 * `import type` by design, so a loop that closes only through types passes lint; this test
 * reads the whole graph (scripts/lib/import-graph.mjs, which `scripts/house-metrics.mjs` also
 * prints). The server's folder-level loops are packages/server/test/layering.test.ts's.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importLoops, importsIn, sourceFiles } from '../scripts/lib/import-graph.mjs';
import { REPO_ROOT } from '../test-support/fresh-build.js';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'type-only-loop');

/** Every workspace package and example, the test helpers and this folder (but its fixtures). */
const TREES = [
  ...['packages', 'examples'].flatMap((parent) =>
    readdirSync(join(REPO_ROOT, parent)).map((name) => `${parent}/${name}`),
  ),
  'test-support',
  'test',
];

describe('import loops, type imports included', () => {
  for (const tree of TREES) {
    it(`${tree} has none (sources and tests)`, () => {
      const files = sourceFiles(join(REPO_ROOT, tree), { tests: true }).filter(
        (file) => !file.startsWith(`${join(REPO_ROOT, 'test', 'fixtures')}/`),
      );
      expect(files.length).toBeGreaterThan(0);
      expect(importLoops(REPO_ROOT, files)).toEqual([]);
    });
  }

  it('finds a loop that closes only through type imports (the fixture), and only its files', () => {
    expect(importLoops(FIXTURE, sourceFiles(FIXTURE))).toEqual([
      { files: ['message.ts', 'sender.ts'], kind: 'type-only' },
    ]);
  });

  it('reads which imports bring only types', () => {
    const text = `
      import type { A } from './a.js';
      import { type B, type C } from './b.js';
      import { type D, e } from './d.js';
      import f, { type G } from './f.js';
      export type { H } from './h.js';
      export { i } from './i.js';
      import './side-effect.js';
      const lazy = await import('./lazy.js');
      // import { commented } from './commented.js';
      /* import { blocked } from './blocked.js'; */
      const url = 'http://example.com/a'; import { afterUrl } from './after-url.js';
    `;
    expect(importsIn(text)).toEqual([
      { specifier: './a.js', typeOnly: true },
      { specifier: './b.js', typeOnly: true },
      { specifier: './d.js', typeOnly: false },
      { specifier: './f.js', typeOnly: false },
      { specifier: './h.js', typeOnly: true },
      { specifier: './i.js', typeOnly: false },
      { specifier: './side-effect.js', typeOnly: false },
      { specifier: './lazy.js', typeOnly: false },
      { specifier: './after-url.js', typeOnly: false },
    ]);
  });
});
