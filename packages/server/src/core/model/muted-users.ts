import type { ModelContext } from './model-context.js';

/** IDs of the users who muted `userId`. */
export function usersWhoMuted(ctx: Pick<ModelContext, 'db'>, userId: number): Set<number> {
  const ids = new Set<number>();
  for (const row of ctx.db.all('muted_users')) if (row.muted_user_id === userId) ids.add(row.user_id);
  return ids;
}
