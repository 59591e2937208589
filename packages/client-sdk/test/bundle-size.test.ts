import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));

interface PageSize {
  name: string;
  minified: number;
  gzipped: number;
  budget?: number;
  zodInputs: number;
  problems: string[];
}

// Bundles the built packages (`npm test` builds first), like a browser app: see bench/bundle-size.mjs.
describe('the SDK in a browser bundle', () => {
  it('stays within its budget and holds no zod unless response validation is imported', async () => {
    const { stdout } = await run(process.execPath, ['bench/bundle-size.mjs', '--json'], { cwd: root }).catch(
      (error: { stdout?: string; stderr?: string }) => {
        if (error.stdout) return { stdout: error.stdout };
        throw new Error(`bench/bundle-size.mjs failed: ${error.stderr ?? String(error)}`);
      },
    );
    const pages = JSON.parse(stdout) as PageSize[];
    const byName = Object.fromEntries(pages.map((page) => [page.name, page]));
    expect(pages.flatMap((page) => page.problems.map((problem) => `${page.name}: ${problem}`))).toEqual([]);
    expect(byName['every export']?.gzipped).toBeLessThanOrEqual(20 * 1024);
    expect(byName['one method']?.zodInputs).toBe(0);
    // The one place runtime schemas come in: only when the page imports the plugin.
    expect(byName['with validateResponses']?.zodInputs).toBeGreaterThan(0);
    // The one size the SDK's README prints is this measure (to 0.1 KB; a little slack for zlib builds).
    const { readmeFigure } = (await import(pathToFileURL(`${root}bench/bundle-size.mjs`).href)) as {
      readmeFigure: () => number;
    };
    const measured = byName['every export']?.gzipped ?? 0;
    expect(
      Math.abs(readmeFigure() - measured),
      `the SDK README's bundle size (${(readmeFigure() / 1024).toFixed(1)} KB) is not the measured ${(measured / 1024).toFixed(1)} KB: run node bench/bundle-size.mjs --update-readme`,
    ).toBeLessThanOrEqual(0.2 * 1024);
  });

  it('shares one ApiError class between @teamchat/schema and its zod-free /wire entry, in ESM and CJS', async () => {
    const script = `
      const esm = [await import('@teamchat/schema'), await import('@teamchat/schema/wire')];
      const { createRequire } = await import('node:module');
      const require = createRequire(process.cwd() + '/');
      const cjs = [require('@teamchat/schema'), require('@teamchat/schema/wire')];
      process.stdout.write(JSON.stringify([esm[0].ApiError === esm[1].ApiError, cjs[0].ApiError === cjs[1].ApiError]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
    expect(JSON.parse(stdout)).toEqual([true, true]);
  });
});
