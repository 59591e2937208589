import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './fresh-build.js';

/** The real server's OpenAPI description at feature level 420, in the shared reference folder. */
export const ZULIP_OPENAPI = 'reference/zulip-openapi-fl420.yaml';

/**
 * Where a file of the shared reference lies (never copied into the repository): in
 * `TEAMCHAT_SHARED`, or in the `shared/` folder beside the clone (CI), or beside its parent (a
 * git worktree one level further down). Undefined when it is in none of them; in CI (`CI`
 * set) that is an error, so that the tests reading it never skip there.
 */
export function sharedReference(name: string): string | undefined {
  const found = [process.env['TEAMCHAT_SHARED'], join(REPO_ROOT, '../shared'), join(REPO_ROOT, '../../shared')]
    .filter((dir): dir is string => dir !== undefined && dir !== '')
    .map((dir) => join(dir, name))
    .find((path) => existsSync(path));
  if (!found && process.env['CI'])
    throw new Error(`[teamchat tests] ${name} not found beside the clone (shared/), nor in TEAMCHAT_SHARED`);
  return found;
}
