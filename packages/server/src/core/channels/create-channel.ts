import { ApiError } from '@teamchat/schema';
import { addChannel } from './add-channel.js';
import { addSubscriptions } from './add-subscriptions.js';
import { canAddSubscribers } from '../model/channel-access.js';
import { channelByName, checkChannelDescription, checkChannelName } from '../model/channel-name.js';
import { postSubscriptionNotices } from '../messages/channel-notices.js';
import { checkCanCreateChannel, parseChannelOptions } from './channel-options.js';
import { principalUsers } from './principal-users.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * POST /channels/create (FL 417): creates a channel with the caller as creator and
 * subscribes `subscribers`, through the same checks and the same creation path as
 * POST /users/me/subscriptions: name rules and uniqueness, the legal privacy combinations,
 * the organization's create permissions, default channels, retention (owners), topics
 * policy, folder and every group-setting value. Subscribing others needs the permission to
 * add subscribers to the new channel (its administrators: the creator by default).
 *
 * @see https://zulip.com/api/create-channel
 */
export function createChannel(params: OperationParams<'channels.create'>, ctx: UserContext<'hooks' | 'jobs'>) {
  const name = checkChannelName(params.name);
  const description = checkChannelDescription(params.description ?? '');
  const options = parseChannelOptions(ctx, params);
  // The real server's `ChannelExistsError` (HTTP 409) on this endpoint.
  if (channelByName(ctx, name)) throw new ApiError('CHANNEL_ALREADY_EXISTS', `Channel '${name}' already exists`);
  checkCanCreateChannel(ctx, options);
  const subscribers = principalUsers(ctx, ctx.user, params.subscribers);

  const channel = addChannel(ctx, { name, description }, options);
  if (subscribers.some((user) => user.id !== ctx.user.id) && !canAddSubscribers(ctx, ctx.user, channel)) {
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  }
  const { subscribed } = addSubscriptions(ctx, [channel], subscribers);
  postSubscriptionNotices(ctx, subscribed, [channel], {
    announce: params.announce,
    sendSubscriptionMessages: params.send_new_subscription_messages,
  });
  return { id: channel.id };
}
