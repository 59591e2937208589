import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/index.js';
import { sharedReference, ZULIP_OPENAPI } from '../../../../test-support/shared-reference.js';
import { compareOpenApi, operationOfLine } from './compare-openapi.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const NAME = ZULIP_OPENAPI;
/** The real server's description, read where it lies (see `sharedReference`). */
const REFERENCE = sharedReference(NAME);
/** The differences known when this test was last brought up to date: one per line. */
const BASELINE = join(HERE, 'zulip-differences.txt');
const UPDATE = process.env['UPDATE_ZULIP_DIFFERENCES'] === '1';

/** `GET /users/{}`: the operation of a line, without the names of its path parameters. */
const operationShape = (line: string) => operationOfLine(line).replace(/\{[^}]+\}/g, '{}');

describe.skipIf(!REFERENCE)(`our OpenAPI document compared with the real server's (${NAME})`, () => {
  it('lists every difference, and none appears on an operation we already had', () => {
    const theirs = parse(readFileSync(REFERENCE as string, 'utf8')) as Record<string, unknown>;
    const ours = openApiDocument() as unknown as Record<string, unknown>;
    const differences = compareOpenApi(ours, theirs);
    const counts = new Map<string, number>();
    for (const line of differences)
      counts.set(line.split(':')[0] as string, (counts.get(line.split(':')[0] as string) ?? 0) + 1);
    console.log(
      `${differences.length} differences with the real server's description: ${[...counts].map(([kind, n]) => `${n} ${kind}`).join(', ')}`,
    );

    if (UPDATE || !existsSync(BASELINE)) {
      writeFileSync(BASELINE, `${differences.join('\n')}\n`);
      return;
    }
    const baseline = readFileSync(BASELINE, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    const known = new Set(baseline);
    // An operation that was missing altogether brings its differences along when it arrives:
    // that is new coverage, not a regression.
    const arriving = new Set(baseline.filter((line) => line.startsWith('missing here:')).map(operationShape));
    const fresh = differences.filter((line) => !known.has(line));
    const regressions = fresh.filter((line) => !arriving.has(operationShape(line)));
    const gone = baseline.filter((line) => !differences.includes(line));
    if (fresh.length > 0 || gone.length > 0) {
      console.log(
        `Since ${BASELINE} was written: ${gone.length} differences went away, ${fresh.length} are new ` +
          `(${fresh.length - regressions.length} on operations that arrived). Refresh it with UPDATE_ZULIP_DIFFERENCES=1.`,
      );
    }
    expect(
      regressions,
      'new differences on operations we already had (if intended: UPDATE_ZULIP_DIFFERENCES=1)',
    ).toEqual([]);
  });
});
