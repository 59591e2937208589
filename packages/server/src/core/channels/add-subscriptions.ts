import type { Context } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { emit } from '../events/emit.js';
import { appendTo } from '../internal/append-to.js';
import { activeSubscriberIds, hasMetadataAccess } from '../model/channel-access.js';
import { emitChannelCreate } from './channel-events.js';
import { formatSubscription } from './format-channel.js';
import { insertSubscription } from './insert-subscription.js';
import { emitPeerEvent } from './peer-events.js';
import { channelPeersOf, emitSightGained, sightRestricted, visibleUserIds } from './user-sight.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'events' | 'realm' | 'now' | 'config'>;

/** The outcome of subscribing users: new and existing subscriptions. */
export interface SubscribeResult {
  subscribed: [UserRecord, ChannelRecord][];
  alreadySubscribed: [UserRecord, ChannelRecord][];
}

/**
 * Subscribes `users` to `channels` (reactivating a former subscription, with its personal
 * settings, where there is one) and emits `subscription add` to each newly subscribed user,
 * `stream create` to those who gain access to a private channel, and `subscription peer_add`
 * to the others who can see the channel; where some users do not see everyone, `realm_user
 * add` to those who gain sight of a user (see `emitSightGained`). `colors` (channel ID → colour) is the colour new
 * subscriptions get instead of the next free one.
 */
export function addSubscriptions(
  ctx: Ctx,
  channels: readonly ChannelRecord[],
  users: readonly UserRecord[],
  options: { colors?: ReadonlyMap<number, string> } = {},
): SubscribeResult {
  const result: SubscribeResult = { subscribed: [], alreadySubscribed: [] };
  const addedTo = new Map<number, UserRecord[]>();
  const gainingAccess = new Map<number, number[]>();
  const addedFor = new Map<UserRecord, ChannelRecord[]>();
  // Restricted user access: who saw whom before, for the `realm_user add` events after.
  const restricted = sightRestricted(ctx);
  const before = new Map(
    restricted
      ? users.map((user) => [user.id, { peers: channelPeersOf(ctx, user.id), saw: visibleUserIds(ctx, user) }])
      : [],
  );
  for (const channel of channels) {
    for (const user of users) {
      if (ctx.indexes.subscriptionsByUser.get(user.id)?.has(channel.id)) {
        result.alreadySubscribed.push([user, channel]);
        continue;
      }
      // Access depends only on the user's own subscription: judged before it is added.
      if (!(user.is_active && hasMetadataAccess(ctx, user, channel))) appendTo(gainingAccess, channel.id, user.id);
      const former = ctx.indexes.allSubscriptionsByUser.get(user.id)?.get(channel.id);
      if (former) ctx.db.patch('subscriptions', former.id, { active: true });
      else {
        const color = options.colors?.get(channel.id);
        insertSubscription(ctx, { userId: user.id, channelId: channel.id, ...(color === undefined ? {} : { color }) });
      }
      result.subscribed.push([user, channel]);
      appendTo(addedTo, channel.id, user);
      appendTo(addedFor, user, channel);
    }
  }
  // The real server's order: access first (`stream create`), then one `subscription add` per
  // user with all their new subscriptions, then `peer_add` to the others.
  for (const channel of channels) emitChannelCreate(ctx, [channel], gainingAccess.get(channel.id) ?? []);
  const subscriberIds = new Map(channels.map((channel) => [channel.id, activeSubscriberIds(ctx, channel.id)]));
  for (const [user, added] of addedFor) {
    const subscriptions = added.flatMap((channel) => {
      const sub = ctx.indexes.subscriptionsByUser.get(user.id)?.get(channel.id);
      return sub ? [formatSubscription(ctx, channel, sub, subscriberIds.get(channel.id))] : [];
    });
    emit(ctx, [user.id], { type: 'subscription', op: 'add', subscriptions });
  }
  for (const [user, added] of addedFor) {
    const seen = before.get(user.id);
    if (seen)
      emitSightGained(
        ctx,
        user,
        added.map((channel) => channel.id),
        seen.peers,
        seen.saw,
      );
  }
  for (const channel of channels)
    emitPeerEvent(
      ctx,
      channel,
      'peer_add',
      (addedTo.get(channel.id) ?? []).map((u) => u.id),
    );
  return result;
}
