/**
 * The tiers of the server core come from its directory tree (scripts/lib/core-tiers.mjs), so the
 * lint rules (eslint.config.js) and docs/architecture.md cannot drift from it: a folder no tier
 * names is a domain, lint refuses an import of it from the tiers below the domains, and the
 * architecture document must place it. packages/server/test/layering.test.ts checks the whole
 * import graph against the same tiers.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { CORE_TIERS, coreTiers } from '../scripts/lib/core-tiers.mjs';
import { REPO_ROOT } from '../test-support/fresh-build.js';

const CORE = join(REPO_ROOT, 'packages/server/src/core');
const tiers = coreTiers(CORE);

/** The `no-restricted-imports` reports of lint on `text` as if it were the file `file` of core/. */
async function restrictedImports(file: string, text: string): Promise<number[]> {
  const [result] = await new ESLint({ cwd: REPO_ROOT }).lintText(text, { filePath: join(CORE, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.line);
}

/** A module importing a value from a file in each of `folders`, `up` levels above it. */
const importing = (folders: readonly string[], up = 1): string =>
  folders
    .map(
      (folder, index) =>
        `import { value${index} } from '${'../'.repeat(up)}${folder}/probe.js';\nexport const use${index} = value${index};\n`,
    )
    .join('');

describe('the tiers of src/core, derived from its directory tree', () => {
  it('places every folder of core/ in one tier, a folder no tier names among the domains', () => {
    const placed = tiers.flatMap((tier) => tier.folders);
    expect(new Set(placed).size).toBe(placed.length);
    const domains = tiers.find((tier) => tier.name === 'domains')?.folders ?? [];
    // The folders the hand-kept list of eslint.config.js had forgotten are domains now.
    expect(domains).toEqual(
      expect.arrayContaining(['bots', 'calls', 'emails', 'invites', 'outbox', 'push', 'outgoing-webhooks', 'messages']),
    );
  });

  describe('a folder added to core/', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'core-tiers-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    it('is a domain: the tiers below the domains may not import it, and it may not import the dispatch', () => {
      for (const folder of ['internal', 'config', 'model', 'runtime', 'messages', 'dispatch', 'handlers', 'new-area'])
        mkdirSync(join(scratch, folder));
      const filled = new Map(coreTiers(scratch).map((tier) => [tier.name, tier]));
      expect(filled.get('domains')?.folders).toEqual(['messages', 'new-area']);
      for (const below of ['helpers', 'config', 'model', 'runtime'])
        expect(filled.get(below)?.above).toContain('new-area');
      expect(filled.get('domains')?.above).toEqual(['dispatch', 'handlers']);
    });
  });

  it('lint refuses, in each tier, an import of every folder of the tiers above it (subfolders too)', async () => {
    for (const tier of tiers.filter((each) => each.above.length > 0)) {
      const [folder] = tier.folders;
      expect(folder, `tier ${tier.name} has a folder`).toBeDefined();
      const lines = await restrictedImports(`${folder}/tier-probe.ts`, importing(tier.above));
      expect(lines, `${folder}/ importing ${tier.above.join(', ')}`).toHaveLength(tier.above.length);
    }
    // model/records/ is in the model's tier.
    expect(
      await restrictedImports('model/records/tier-probe.ts', importing(['calls', 'runtime', 'bots'], 2)),
    ).toHaveLength(3);
  });

  it('lint lets each tier import its own tier and the tiers below it', async () => {
    for (const [index, tier] of tiers.entries()) {
      const allowed = tiers.slice(0, index + 1).flatMap((lower) => lower.folders);
      const [folder] = tier.folders;
      if (folder === undefined || allowed.length === 0) continue;
      expect(
        await restrictedImports(`${folder}/tier-probe.ts`, importing(allowed.filter((other) => other !== folder))),
        `${folder}/`,
      ).toEqual([]);
    }
  });

  it('docs/architecture.md places every folder of core/ in its tier of the tier table', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
    // | tier | folders | may import |: the folders column of each tier's row.
    const rows = new Map(
      [...doc.matchAll(/^\| ([\w ]+) \| ([^|]+) \|/gm)].map(([, name, folders]) => [name?.trim(), folders ?? '']),
    );
    const problems = tiers.flatMap((tier) => {
      const row = rows.get(tier.name);
      if (row === undefined) return [`no row for the ${tier.name} tier`];
      const named = CORE_TIERS.find((each) => each.name === tier.name)?.folders !== null;
      return tier.folders
        .filter((folder) => !row.includes(named ? `\`${folder}/\`` : `\`${folder}\``))
        .map((folder) => `${folder}/ is not in the ${tier.name} row`);
    });
    expect(problems).toEqual([]);
  });
});
