import { ApiError, endpoints } from '@teamchat/schema';
import type { UserContext } from '../context.js';
import type { UserRecord } from '../db.js';
import { implement } from '../implement.js';
import { accessUserById } from '../users/user-access.js';
import { addChannel } from './add-channel.js';
import { addSubscriptions } from './add-subscriptions.js';
import { canAddSubscribers } from './channel-access.js';
import { checkChannelDescription, checkChannelName, checkChannelNameAvailable } from './channel-name.js';
import { postSubscriptionNotices } from './channel-notices.js';
import { checkCanCreateChannel, parseChannelOptions } from './channel-options.js';

/** The users of `ids` (bots included): `No such user` for unknown IDs, `User is deactivated`. */
export function subscriberUsers(ctx: UserContext, ids: readonly number[]): UserRecord[] {
  return [...new Set(ids)].map((id) => accessUserById(ctx, ctx.user, id, { allowBots: true, forAdmin: false }));
}

/**
 * POST /channels/create (FL 417): creates a channel with the caller as creator and
 * subscribes `subscribers`, through the same checks and the same creation path as
 * POST /users/me/subscriptions: name rules and uniqueness, the legal privacy combinations,
 * the organization's create permissions, default channels, retention (owners), topics
 * policy, folder and every group-setting value. Subscribing others needs the permission to
 * add subscribers to the new channel (its administrators: the creator by default).
 *
 * @see api-spec.md "Create a channel"
 */
export const createChannelImpl = implement(endpoints['channels.create'], (params, ctx) => {
  const name = checkChannelName(params.name);
  const description = checkChannelDescription(params.description ?? '');
  const options = parseChannelOptions(ctx, params);
  checkChannelNameAvailable(ctx, name);
  checkCanCreateChannel(ctx, options);
  const subscribers = subscriberUsers(ctx, params.subscribers);

  const channel = addChannel(ctx, { name, description }, options);
  if (subscribers.some((user) => user.id !== ctx.user.id) && !canAddSubscribers(ctx, ctx.user, channel)) {
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  }
  const { subscribed } = addSubscriptions(ctx, [channel], subscribers);
  postSubscriptionNotices(ctx, new Map(subscribed.map(([user, c]) => [user, [c]])), [channel], params.announce);
  return { id: channel.id };
});
