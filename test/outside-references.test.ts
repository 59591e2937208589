/**
 * References a clone can follow: no source file, test, script or document of the repository
 * cites a file outside it (the project's shared notes: `shared/reference/*.md`, `api-spec.md`).
 * Such references point to the public API documentation (https://zulip.com/api/<page>) or to a
 * document in the repository instead. The tests that read the real server's OpenAPI description
 * find it at run time through test-support/shared-reference.ts, which names no such path.
 * `/work/tools/fix-references.mjs` rewrote the old references; this test keeps them out.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/fresh-build.js';
import { sharedReference, ZULIP_OPENAPI } from '../test-support/shared-reference.js';

/** A path to a file outside the repository: the shared notes, the spec. */
const OUTSIDE = /shared\/reference|api-spec\.md/;

/** Files allowed to name the pattern: this test, and the metrics script that counts such references. */
const ALLOWED = new Set(['test/outside-references.test.ts', 'scripts/house-metrics.mjs']);

const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|json|html|css|txt|ya?ml|sh)$|(^|\/)[^./]+$/;

/** The repository's files (tracked, and new ones git does not ignore), text ones only. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return listed.split('\0').filter((file) => file !== '' && TEXT.test(file) && !file.endsWith('package-lock.json'));
}

function read(file: string): string | undefined {
  try {
    return readFileSync(join(REPO_ROOT, file), 'utf8');
  } catch {
    return undefined; // deleted in the working tree, or a folder (a submodule)
  }
}

/** `file:line: text` of each line citing a file outside the repository. */
function outsideReferences(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    ALLOWED.has(file)
      ? []
      : (read(file) ?? '')
          .split('\n')
          .flatMap((line, index) => (OUTSIDE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

/** Pages of https://zulip.com/api/ that are no operation of the description. */
const TOPIC_PAGES = new Set([
  'rest',
  'rest-error-handling',
  'construct-narrow',
  'group-setting-values',
  'message-formatting',
  'outgoing-webhooks',
  'roles-and-permissions',
  'configuring-python-bindings',
  'changelog',
  'http-headers',
  'mobile-notifications',
  'real-time-events',
  'client-libraries',
  'api-keys',
  'incoming-webhooks-overview',
]);

describe('references a clone can follow', () => {
  it('finds such a reference wherever it stands, and not a link or the helper that finds the description', () => {
    const cited = [
      ' * @see shared/reference/messages-and-events.md §3',
      '/** Messages to update; see api-spec.md "Narrow". */',
      'as the notes say (../shared/reference/users-channels-realm.md)',
      'The spec (`api-spec.md`) wins',
    ];
    const fine = [
      ' * @see https://zulip.com/api/send-message',
      'const REFERENCE = sharedReference(ZULIP_OPENAPI);',
      "join(REPO_ROOT, '../shared')",
      "import { drain } from '../shared/configuration-helpers.js';",
    ];
    expect(cited.filter((line) => !OUTSIDE.test(line))).toEqual([]);
    expect(fine.filter((line) => OUTSIDE.test(line))).toEqual([]);
  });

  it('no file of the repository cites shared/reference or api-spec.md', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(500);
    expect(outsideReferences(files)).toEqual([]);
  });

  const description = sharedReference(ZULIP_OPENAPI);
  it.skipIf(!description)(
    'links only to pages of https://zulip.com/api/ that exist: an operation of the description or a topic page',
    () => {
      const text = readFileSync(description as string, 'utf8');
      const operations = new Set(
        [...text.matchAll(/^\s+operationId:\s*["']?([\w-]+)/gm)].map((match) => match[1] as string),
      );
      const unknown = repositoryFiles().flatMap((file) =>
        [...(read(file) ?? '').matchAll(/https:\/\/zulip\.com\/api\/([\w-]+)/g)]
          .map((match) => match[1] as string)
          .filter((page) => !operations.has(page) && !TOPIC_PAGES.has(page))
          .map((page) => `${file}: ${page}`),
      );
      expect(operations.size).toBeGreaterThan(100);
      expect(unknown).toEqual([]);
    },
  );
});
