/**
 * The page's script as the build made it (`npm test` builds first): within the budget of
 * issue 24 (100 KB gzipped) and without zod, which comes in when the SDK's sources are
 * bundled instead of its build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';

const STATIC = fileURLToPath(new URL('../dist/static/', import.meta.url));

describe("the web app's script", () => {
  beforeAll(() => assertFreshBuilds());

  it('weighs at most 100 KB gzipped and holds no zod', () => {
    const scripts = readdirSync(STATIC).filter((name) => name.endsWith('.js'));
    expect(scripts).toHaveLength(1);
    const script = readFileSync(join(STATIC, scripts[0] as string));
    expect(gzipSync(script, { level: 9 }).length).toBeLessThanOrEqual(100 * 1024);
    const { sources } = JSON.parse(readFileSync(join(STATIC, `${scripts[0] as string}.map`), 'utf8')) as {
      sources: string[];
    };
    expect(sources.filter((source) => /node_modules\/zod\//.test(source))).toEqual([]);
    expect(sources.some((source) => /node_modules\/preact\//.test(source))).toBe(true);
  });
});
