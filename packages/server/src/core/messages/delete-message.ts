import { ApiError } from '@teamchat/schema';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { hasPermission } from '../model/has-permission.js';
import { deleteMessages } from './delete-messages.js';
import { accessMessage } from '../model/message-access.js';
import type { MessageRecord } from '../model/records/messages.js';

type Ctx = Pick<Context, 'db' | 'realm' | 'now'>;

/**
 * Whether `user` may delete `message`: members of the organization's or the channel's
 * `can_delete_any_message_group` always; the sender, when in the organization's or the
 * channel's `can_delete_own_message_group` and within `message_content_delete_limit_seconds`.
 */
export function deletePermission(
  ctx: Ctx,
  user: UserRecord,
  message: MessageRecord,
): 'allowed' | 'denied' | 'too-late' {
  const channel = message.stream_id === null ? undefined : ctx.db.get('channels', message.stream_id);
  const realm = { realm: ctx.realm };
  if (hasPermission(ctx, user, realm, 'can_delete_any_message_group')) return 'allowed';
  if (channel && hasPermission(ctx, user, { channel }, 'can_delete_any_message_group')) return 'allowed';
  if (message.sender_id !== user.id) return 'denied';
  const own =
    hasPermission(ctx, user, realm, 'can_delete_own_message_group') ||
    (channel !== undefined && hasPermission(ctx, user, { channel }, 'can_delete_own_message_group'));
  if (!own) return 'denied';
  const limit = ctx.realm.message_content_delete_limit_seconds;
  if (limit !== null && ctx.now() / 1000 - message.timestamp > limit) return 'too-late';
  return 'allowed';
}

/**
 * DELETE /messages/{message_id}: permanent deletion, for callers with content access and
 * deletion permission.
 *
 * @see https://zulip.com/api/delete-message
 */
export function deleteMessage(params: OperationParams<'messages.delete'>, ctx: UserContext<'files'>) {
  const message = accessMessage(ctx, ctx.user, params.message_id);
  const permission = deletePermission(ctx, ctx.user, message);
  if (permission === 'denied') throw new ApiError('BAD_REQUEST', "You don't have permission to delete this message");
  if (permission === 'too-late')
    throw new ApiError('BAD_REQUEST', 'The time limit for deleting this message has passed');
  deleteMessages(ctx, [message], ctx.user);
  return {};
}
