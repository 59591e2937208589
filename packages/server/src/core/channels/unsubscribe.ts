import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { appendTo } from '../internal/append-to.js';
import { unreadIds } from '../model/message-flags.js';
import type { MessageRecord } from '../model/records/messages.js';
import { changeFlag } from '../messages/update-flags.js';
import { canRemoveSubscribers } from './can-remove-subscribers.js';
import { channelByName, checkChannelName } from '../model/channel-name.js';
import { directlyControls, principalUsers } from './principal-users.js';
import { removeSubscriptions } from './remove-subscriptions.js';

/** Marks read, for each user who left channels, their unread messages in those channels. */
function markLeftChannelsRead(
  ctx: UserContext<'hooks' | 'jobs'>,
  removed: readonly [UserRecord, ChannelRecord][],
): void {
  const left = new Map<UserRecord, number[]>();
  for (const [user, channel] of removed) appendTo(left, user, channel.id);
  for (const [user, ids] of left) {
    const channelIds = new Set(ids);
    const unread = Array.from(unreadIds(ctx, user.id), (id) => ctx.db.get('messages', id)).filter(
      (message): message is MessageRecord =>
        message?.stream_id !== undefined && message.stream_id !== null && channelIds.has(message.stream_id),
    );
    changeFlag(ctx, user, unread, 'read', 'add');
  }
}

/**
 * DELETE /users/me/subscriptions: unsubscribes the caller, or the `principals`, from channels
 * given by name (archived ones included, FL 362). Removing anyone but oneself and one's own
 * bots needs {@link canRemoveSubscribers} for every named channel that exists (`Insufficient
 * permission`, checked before unknown names, as on the real server); an unknown name fails
 * the whole request with `Channel(s) (a, b) do not exist`. A channel the user was not
 * subscribed to (or cannot see) is listed in `not_removed`, once per user. Each user's unread
 * messages in the channels they left become read (`update_message_flags`), as the real server's
 * deferred `mark_stream_messages_as_read` does.
 *
 * @see https://zulip.com/api/unsubscribe
 */
export function unsubscribe(params: OperationParams<'channels.unsubscribe'>, ctx: UserContext<'hooks' | 'jobs'>) {
  const names = params.subscriptions.map(checkChannelName);
  const principals = params.principals ?? [];
  const users = principals.length > 0 ? principalUsers(ctx, ctx.user, principals) : [ctx.user];
  const unsubscribingOthers = users.some((user) => !directlyControls(ctx.user, user));

  const channels = new Map<number, ChannelRecord>();
  const missing: string[] = [];
  for (const name of names) {
    const channel = channelByName(ctx, name);
    if (channel) channels.set(channel.id, channel);
    else missing.push(name);
  }
  if (unsubscribingOthers && !canRemoveSubscribers(ctx, ctx.user, [...channels.values()])) {
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  }
  if (missing.length > 0) throw new ApiError('BAD_REQUEST', `Channel(s) (${missing.join(', ')}) do not exist`);

  const { removed, notSubscribed } = removeSubscriptions(ctx, [...channels.values()], users);
  markLeftChannelsRead(ctx, removed);
  return {
    removed: removed.map(([, channel]) => channel.name),
    not_removed: notSubscribed.map(([, channel]) => channel.name),
  };
}
