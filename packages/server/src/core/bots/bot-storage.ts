import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { BotStorageRecord } from '../model/records/users.js';

/** The record key of `key` in the storage of user `userId`. */
const recordId = (userId: number, key: string): string => JSON.stringify([userId, key]);

/** Characters as the real server counts them (code points, `len()` in Python). */
const size = (text: string): number => [...text].length;

function entriesOf(ctx: Pick<UserContext, 'db' | 'user'>): BotStorageRecord[] {
  return [...ctx.db.all('bot_storage')].filter((entry) => entry.user_id === ctx.user.id);
}

const missing = () => new ApiError('BAD_REQUEST', 'Key does not exist.');

/**
 * GET /bot_storage: the caller's values under `keys` (every key when omitted); an unknown key
 * is `Key does not exist.` (the real server's `get_bot_storage`).
 */
export function getBotStorage(params: OperationParams<'bots.getStorage'>, ctx: UserContext) {
  const keys = params.keys ?? entriesOf(ctx).map((entry) => entry.key);
  const storage: Record<string, string> = {};
  for (const key of keys) {
    const entry = ctx.db.get('bot_storage', recordId(ctx.user.id, key));
    if (!entry) throw missing();
    storage[key] = entry.value;
  }
  return { storage };
}

/**
 * PUT /bot_storage: stores the values of `storage`. The caller's keys and values together may
 * hold at most `botStorageLimit` characters (the real server's `USER_STATE_SIZE_LIMIT`); a
 * request past it stores nothing: `Request exceeds storage limit by N characters. The limit
 * is L characters.`
 */
export function updateBotStorage(params: OperationParams<'bots.updateStorage'>, ctx: UserContext) {
  const limit = ctx.config.botStorageLimit;
  let total = 0;
  for (const entry of entriesOf(ctx)) total += size(entry.key) + size(entry.value);
  for (const [key, value] of Object.entries(params.storage)) {
    const old = ctx.db.get('bot_storage', recordId(ctx.user.id, key));
    total += size(key) + size(value) - (old ? size(old.key) + size(old.value) : 0);
  }
  if (total > limit)
    throw new ApiError(
      'BAD_REQUEST',
      `Request exceeds storage limit by ${total - limit} characters. The limit is ${limit} characters.`,
    );
  for (const [key, value] of Object.entries(params.storage))
    ctx.db.put('bot_storage', { id: recordId(ctx.user.id, key), user_id: ctx.user.id, key, value });
  return {};
}

/** DELETE /bot_storage: removes `keys` (every key when omitted); one unknown key removes nothing: `Key does not exist.` */
export function removeBotStorage(params: OperationParams<'bots.removeStorage'>, ctx: UserContext) {
  const keys = params.keys ?? entriesOf(ctx).map((entry) => entry.key);
  for (const key of keys) if (!ctx.db.get('bot_storage', recordId(ctx.user.id, key))) throw missing();
  for (const key of keys) ctx.db.delete('bot_storage', recordId(ctx.user.id, key));
  return {};
}
