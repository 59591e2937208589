import { ApiError } from '@teamchat/schema';
import type { UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { canAdminUser } from '../model/user-access.js';

/**
 * The bot `botId` if the caller administers it (its owner, or an administrator); deactivated
 * bots included. The real server's `access_bot_by_id`: `No such bot` for unknown IDs, humans
 * and the server's own bots, `Insufficient permission` otherwise.
 */
export function accessBot(ctx: Pick<UserContext, 'db' | 'user'>, botId: number): UserRecord {
  const bot = ctx.db.get('users', botId);
  if (!bot || !bot.is_bot || bot.is_system_bot) throw new ApiError('BAD_REQUEST', 'No such bot');
  if (!canAdminUser(ctx.user, bot)) throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  return bot;
}
