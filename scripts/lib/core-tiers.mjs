// The tiers of packages/server/src/core, bottom up, as docs/architecture.md describes them: a
// folder imports only from its own tier and the tiers below it (the assembly, create-core.ts and
// index.ts directly in core/, sits above them all). The domain tier is not a list: it is every
// folder of core/ that no other tier names, read from the directory tree, so a new folder is a
// domain (above the model and the runtime, below the dispatch) until it is placed otherwise.
// Lint (eslint.config.js), packages/server/test/layering.test.ts and test/core-tiers.test.ts
// read this file.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The tiers, bottom up; `folders: null` marks the domain tier (every folder not named). */
export const CORE_TIERS = [
  { name: 'helpers', folders: ['internal'] },
  { name: 'config', folders: ['config'] },
  { name: 'model', folders: ['model'] },
  { name: 'runtime', folders: ['runtime'] },
  { name: 'domains', folders: null },
  { name: 'dispatch', folders: ['dispatch'] },
  { name: 'handlers', folders: ['handlers', 'pages'] },
];

/** The folders directly in `coreDir`, sorted. */
export function coreFolders(coreDir) {
  return readdirSync(coreDir)
    .filter((entry) => statSync(join(coreDir, entry)).isDirectory())
    .sort();
}

/** Each folder of `coreDir` (a subfolder counts in its top folder's tier) → the index of its tier in {@link CORE_TIERS}. */
export function tierOfFolders(coreDir) {
  const named = new Map(CORE_TIERS.flatMap((tier, index) => (tier.folders ?? []).map((folder) => [folder, index])));
  const domains = CORE_TIERS.findIndex((tier) => tier.folders === null);
  return new Map(coreFolders(coreDir).map((folder) => [folder, named.get(folder) ?? domains]));
}

/**
 * The tiers, bottom up, with the folders of `coreDir` in each, the folders of the tiers above it
 * (what its folders must not import) and the names of those tiers.
 */
export function coreTiers(coreDir) {
  const tiers = tierOfFolders(coreDir);
  const inTier = (index) => [...tiers].filter(([, tier]) => tier === index).map(([folder]) => folder);
  const aboveTier = (index) => [...tiers].filter(([, tier]) => tier > index).map(([folder]) => folder);
  return CORE_TIERS.map((tier, index) => ({
    name: tier.name,
    folders: inTier(index),
    above: aboveTier(index),
    higher: CORE_TIERS.slice(index + 1).map((higher) => higher.name),
  }));
}
