import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { FLAG_BITS } from '../model/records/messages.js';
import { messageRows } from '../model/message-flags.js';
import { accessMessage } from '../model/message-access.js';
import { usersWhoMuted } from '../model/muted-users.js';
import { realmSettings } from '../realm/realm-state.js';

/**
 * GET /messages/{message_id}/read_receipts: the users who marked a message the caller can read
 * as read, when the organization has `enable_read_receipts`; never its sender, and none who
 * turned `send_read_receipts` off, are deactivated, muted the caller or are muted by them.
 * Bots are included (the real server's `read_receipts`).
 */
export function getReadReceipts(params: OperationParams<'messages.readReceipts'>, ctx: UserContext) {
  const message = accessMessage(ctx, ctx.user, params.message_id);
  if (realmSettings(ctx, ctx.realm)['enable_read_receipts'] !== true)
    throw new ApiError('BAD_REQUEST', 'Read receipts are disabled in this organization.');
  const mutedMe = usersWhoMuted(ctx, ctx.user.id);
  const iMuted = new Set<number>();
  for (const row of ctx.db.all('muted_users')) if (row.user_id === ctx.user.id) iMuted.add(row.muted_user_id);
  const userIds: number[] = [];
  for (const [userId, bits] of messageRows(ctx, message.id)) {
    if ((bits & FLAG_BITS.read) === 0 || userId === message.sender_id || mutedMe.has(userId) || iMuted.has(userId))
      continue;
    const user = ctx.db.get('users', userId);
    if (!user || !user.is_active || user.settings.send_read_receipts === false) continue;
    userIds.push(userId);
  }
  return { user_ids: userIds.sort((a, b) => a - b) };
}
