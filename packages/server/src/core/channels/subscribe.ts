import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { addChannel } from './add-channel.js';
import { addSubscriptions } from './add-subscriptions.js';
import { canAddSubscribers, hasContentAccess } from '../model/channel-access.js';
import { channelByName, checkChannelDescription, checkChannelName } from '../model/channel-name.js';
import { postSubscriptionNotices } from '../messages/channel-notices.js';
import { checkCanCreateChannel, parseChannelOptions } from './channel-options.js';
import { principalUsers } from './principal-users.js';
import { subscriptionColor } from './subscription-color.js';

/**
 * Whether the caller may subscribe to an existing channel: content access only, as the real
 * server's `filter_stream_authorization_for_adding_subscribers` decides (administering a
 * channel, or the organization, does not let anyone into a private channel they cannot read).
 */
function canJoin(ctx: UserContext, channel: ChannelRecord): boolean {
  return !channel.is_archived && hasContentAccess(ctx, ctx.user, channel);
}

/**
 * POST /users/me/subscriptions: subscribes the caller, or `principals`, to the channels
 * named, creating the missing ones with the channel options (the same checks and creation
 * path as POST /channels/create). Existing channels the caller cannot reach are fatal
 * (`Unable to access channel (<name>).`) or, with `authorization_errors_fatal: false`, listed
 * in `unauthorized`; subscribing others needs the permission to add subscribers to each
 * existing channel. Sends the subscription events and the Notification Bot's messages.
 *
 * @see https://zulip.com/api/subscribe
 */
export function subscribe(params: OperationParams<'channels.subscribe'>, ctx: UserContext<'hooks' | 'jobs'>) {
  const options = parseChannelOptions(ctx, params);
  const colors = new Map<string, string>();
  const existing: ChannelRecord[] = [];
  const missing: { name: string; description: string }[] = [];
  for (const request of params.subscriptions) {
    const color = request.color === undefined ? undefined : subscriptionColor(request.color, 'add.color');
    const name = request.name.trim();
    if (color !== undefined) colors.set(name.toLowerCase(), color);
    const channel = channelByName(ctx, name);
    if (channel) {
      if (!existing.some((c) => c.id === channel.id)) existing.push(channel);
    } else if (!missing.some((m) => m.name.toLowerCase() === name.toLowerCase())) {
      missing.push({ name: checkChannelName(name), description: checkChannelDescription(request.description ?? '') });
    }
  }
  if (missing.length > 0) checkCanCreateChannel(ctx, options);

  const authorized = existing.filter((channel) => canJoin(ctx, channel));
  const unauthorized = existing.filter((channel) => !authorized.some((c) => c.id === channel.id));
  if (unauthorized.length > 0 && params.authorization_errors_fatal) {
    throw new ApiError('BAD_REQUEST', `Unable to access channel (${(unauthorized[0] as ChannelRecord).name}).`);
  }
  const principals = params.principals ?? [];
  const others = principals.some((p) => p !== ctx.user.id);
  if (others && authorized.some((channel) => !canAddSubscribers(ctx, ctx.user, channel))) {
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  }
  const subscribers = others ? principalUsers(ctx, ctx.user, principals) : [ctx.user];

  const created = missing.map((request) => addChannel(ctx, request, options));
  const channels = [...authorized, ...created];
  const colorsById = new Map<number, string>();
  for (const channel of channels) {
    const color = colors.get(channel.name.toLowerCase());
    if (color !== undefined) colorsById.set(channel.id, color);
  }
  const result = addSubscriptions(ctx, channels, subscribers, { colors: colorsById });

  const byUser = (pairs: readonly [UserRecord, ChannelRecord][]) => {
    const names: Record<string, string[]> = {};
    for (const [user, channel] of pairs) (names[String(user.id)] ??= []).push(channel.name);
    return names;
  };
  const sent = postSubscriptionNotices(ctx, result.subscribed, created, {
    announce: params.announce,
    sendSubscriptionMessages: params.send_new_subscription_messages,
  });
  return {
    subscribed: byUser(result.subscribed),
    already_subscribed: byUser(result.alreadySubscribed),
    ...(params.authorization_errors_fatal ? {} : { unauthorized: unauthorized.map((channel) => channel.name) }),
    // Only when the request asked for the messages (FL 397).
    ...(params.send_new_subscription_messages ? { new_subscription_messages_sent: sent } : {}),
  };
}
