import { ApiError } from '@teamchat/schema';
import { emitTransient as emit } from '../events/emit.js';
import { activeSubscriberIds, accessChannelById } from '../model/channel-access.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { participantsOf } from '../model/direct-message-groups.js';
import { apiEmail } from '../model/email-visibility.js';
import { accessMessage } from '../model/message-access.js';

/** Channels with more subscribers get no typing notifications (the real server's limit). */
const MAX_CHANNEL_SIZE_FOR_TYPING = 100;

function person(ctx: UserContext, user: UserRecord): { user_id: number; email: string } {
  return { user_id: user.id, email: apiEmail(user, ctx.config.realmUrl) };
}

/** Active users among `ids` who want typing notifications (FL 253). */
function receivers(ctx: UserContext, ids: Iterable<number>): number[] {
  return [...ids].filter((id) => {
    const user = ctx.db.get('users', id);
    return user !== undefined && user.is_active && user.settings.receives_typing_notifications !== false;
  });
}

/**
 * POST /typing: tells the other participants that the caller started or stopped composing,
 * in a direct-message conversation (`to`: user IDs; the caller is added) or in a channel topic
 * (`stream_id`, `topic`; only to queues with the `stream_typing_notifications` capability,
 * and not in channels above 100 subscribers). Nothing is stored.
 *
 * @see https://zulip.com/api/get-events
 */
export function setTypingStatus(params: OperationParams<'typing.setStatus'>, ctx: UserContext) {
  const sender = person(ctx, ctx.user);
  if (params.type === 'stream' || params.type === 'channel') {
    if (params.stream_id === undefined) throw new ApiError('BAD_REQUEST', "Missing 'stream_id' argument");
    if (params.topic === undefined) throw new ApiError('BAD_REQUEST', 'Missing topic');
    if (!ctx.user.settings.send_stream_typing_notifications) {
      throw new ApiError('BAD_REQUEST', 'User has disabled typing notifications for channel messages');
    }
    const channel = accessChannelById(ctx, ctx.user, params.stream_id);
    const subscribers = activeSubscriberIds(ctx, channel.id);
    if (subscribers.length > MAX_CHANNEL_SIZE_FOR_TYPING) return {};
    const topic = params.topic;
    emit(ctx, receivers(ctx, subscribers), (queue) =>
      queue.has('stream_typing_notifications')
        ? {
            type: 'typing',
            op: params.op,
            message_type: 'stream',
            sender,
            stream_id: channel.id,
            topic: topic === '' && !queue.has('empty_topic_name') ? ctx.realm.empty_topic_display_name : topic,
          }
        : null,
    );
    return {};
  }
  if (params.to === undefined) throw new ApiError('BAD_REQUEST', "Missing 'to' argument");
  if (params.to.length === 0) throw new ApiError('BAD_REQUEST', "Empty 'to' list");
  if (!ctx.user.settings.send_private_typing_notifications) {
    throw new ApiError('BAD_REQUEST', 'User has disabled typing notifications for direct messages');
  }
  const users = new Map<number, UserRecord>([[ctx.user.id, ctx.user]]);
  for (const id of params.to) {
    const user = ctx.db.get('users', id);
    if (!user || !user.is_active || user.is_system_bot) throw new ApiError('BAD_REQUEST', `Invalid user ID ${id}`);
    users.set(user.id, user);
  }
  const recipients = [...users.values()].sort((a, b) => a.id - b.id);
  emit(ctx, receivers(ctx, users.keys()), {
    type: 'typing',
    op: params.op,
    message_type: 'direct',
    sender,
    recipients: recipients.map((user) => person(ctx, user)),
  });
  return {};
}

/**
 * POST /messages/{message_id}/typing: tells the message's audience that the caller started
 * or stopped editing it (FL 351): `typing_edit_message` to the channel's subscribers or the
 * conversation's participants who want typing notifications.
 */
export function setEditTypingStatus(params: OperationParams<'typing.setEditStatus'>, ctx: UserContext) {
  const message = accessMessage(ctx, ctx.user, params.message_id);
  const audience =
    message.stream_id !== null ? activeSubscriberIds(ctx, message.stream_id) : participantsOf(ctx, message);
  if (message.stream_id !== null && audience.length > MAX_CHANNEL_SIZE_FOR_TYPING) return {};
  const recipient =
    message.stream_id !== null
      ? { type: 'channel', channel_id: message.stream_id, topic: message.topic }
      : { type: 'direct', user_ids: participantsOf(ctx, message) };
  emit(ctx, receivers(ctx, audience), {
    type: 'typing_edit_message',
    op: params.op,
    sender_id: ctx.user.id,
    message_id: message.id,
    recipient,
  });
  return {};
}
