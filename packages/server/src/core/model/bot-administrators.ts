import type { ModelContext } from './model-context.js';
import type { UserRecord } from './records/users.js';
import { isAdmin } from './roles.js';

/** The active human administrators and owners (the real `realm.get_human_admin_users()`). */
export function humanAdminIds(ctx: Pick<ModelContext, 'db'>): number[] {
  const ids: number[] = [];
  for (const user of ctx.db.all('users')) if (user.is_active && !user.is_bot && isAdmin(user)) ids.push(user.id);
  return ids;
}

/**
 * Who administers `bot` and gets its `realm_bot` events: the active human administrators and
 * owners, and its owner (the real server's `bot_owner_user_ids`).
 */
export function botAdministratorIds(ctx: Pick<ModelContext, 'db'>, bot: UserRecord): number[] {
  const ids = new Set<number>(humanAdminIds(ctx));
  if (bot.bot_owner_id !== null && ctx.db.get('users', bot.bot_owner_id)?.is_active) ids.add(bot.bot_owner_id);
  return [...ids].sort((a, b) => a - b);
}
