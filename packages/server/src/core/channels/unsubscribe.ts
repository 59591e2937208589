import { ApiError, endpoints } from '@teamchat/schema';
import type { ChannelRecord } from '../db.js';
import { implement } from '../implement.js';
import { canRemoveSubscribers } from './can-remove-subscribers.js';
import { checkChannelName } from './channel-name.js';
import { directlyControls, principalUsers } from './principal-users.js';
import { removeSubscriptions } from './remove-subscriptions.js';

/**
 * DELETE /users/me/subscriptions: unsubscribes the caller, or the `principals`, from channels
 * given by name (archived ones included, FL 362). Removing anyone but oneself and one's own
 * bots needs {@link canRemoveSubscribers} for every named channel that exists (`Insufficient
 * permission`, checked before unknown names, as on the real server); an unknown name fails
 * the whole request with `Channel(s) (a, b) do not exist`. A channel the user was not
 * subscribed to (or cannot see) is listed in `not_removed`, once per user.
 *
 * @see shared/reference/users-channels-realm.md §5.7
 */
export const unsubscribeImpl = implement(endpoints['channels.unsubscribe'], (params, ctx) => {
  const names = params.subscriptions.map(checkChannelName);
  const principals = params.principals ?? [];
  const users = principals.length > 0 ? principalUsers(ctx, ctx.user, principals) : [ctx.user];
  const unsubscribingOthers = users.some((user) => !directlyControls(ctx.user, user));

  const channels = new Map<number, ChannelRecord>();
  const missing: string[] = [];
  for (const name of names) {
    const id = ctx.indexes.channelsByName.get(name.toLowerCase());
    const channel = id === undefined ? undefined : ctx.db.get('channels', id);
    if (channel) channels.set(channel.id, channel);
    else missing.push(name);
  }
  if (unsubscribingOthers && !canRemoveSubscribers(ctx, ctx.user, [...channels.values()])) {
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  }
  if (missing.length > 0) throw new ApiError('BAD_REQUEST', `Channel(s) (${missing.join(', ')}) do not exist`);

  const { removed, notSubscribed } = removeSubscriptions(ctx, [...channels.values()], users);
  return {
    removed: removed.map(([, channel]) => channel.name),
    not_removed: notSubscribed.map(([, channel]) => channel.name),
  };
});
