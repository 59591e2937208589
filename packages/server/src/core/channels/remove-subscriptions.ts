import type { Context } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { emit } from '../events/emit.js';
import { appendTo } from '../internal/append-to.js';
import { hasMetadataAccess } from '../model/channel-access.js';
import { emitChannelDelete } from './channel-events.js';
import { emitPeerEvent } from './peer-events.js';
import { emitSightLost, sightRestricted } from './user-sight.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'events' | 'realm' | 'now' | 'config'>;

/** The outcome of unsubscribing users: the pairs removed and the pairs that were not subscribed. */
export interface UnsubscribeResult {
  removed: [UserRecord, ChannelRecord][];
  notSubscribed: [UserRecord, ChannelRecord][];
}

/**
 * Unsubscribes `users` from `channels`, as the real server's `bulk_remove_subscriptions`: the
 * subscription rows stay, inactive, so that subscribing again restores the personal settings
 * (the channel moves to `unsubscribed` in POST /register). Archived channels are accepted
 * (FL 362). Events, after the change:
 *
 * - `subscription remove` `{subscriptions: [{name, stream_id}]}` to each user who left;
 * - `stream delete` to a user who, having left, can no longer see the channel (a private
 *   channel left by a non-administrator outside its permission groups);
 * - `subscription peer_remove` to those who still see the channel;
 * - where some users do not see everyone, `realm_user remove` to those who lose sight of a
 *   user (see `emitSightLost`).
 *
 * No Notification Bot message is sent, even when someone else was removed (the real server
 * sends none either).
 *
 * @see https://zulip.com/api/get-subscriptions
 */
export function removeSubscriptions(
  ctx: Ctx,
  channels: readonly ChannelRecord[],
  users: readonly UserRecord[],
): UnsubscribeResult {
  const result: UnsubscribeResult = { removed: [], notSubscribed: [] };
  const leftBy = new Map<UserRecord, ChannelRecord[]>();
  const leaversOf = new Map<number, number[]>();
  for (const user of users) {
    for (const channel of channels) {
      const sub = ctx.indexes.subscriptionsByUser.get(user.id)?.get(channel.id);
      if (!sub) {
        result.notSubscribed.push([user, channel]);
        continue;
      }
      ctx.db.patch('subscriptions', sub.id, { active: false });
      result.removed.push([user, channel]);
      appendTo(leftBy, user, channel);
      appendTo(leaversOf, channel.id, user.id);
    }
  }
  for (const [user, left] of leftBy) {
    emit(ctx, [user.id], {
      type: 'subscription',
      op: 'remove',
      subscriptions: left.map((c) => ({ name: c.name, stream_id: c.id })),
    });
    const lost = left.filter((channel) => !hasMetadataAccess(ctx, user, channel));
    emitChannelDelete(ctx, lost, [user.id]);
  }
  for (const channel of channels) {
    const leavers = leaversOf.get(channel.id) ?? [];
    // Deactivated users are not subscribers for anyone, so their leaving is nothing to tell.
    const visible = leavers.filter((id) => ctx.db.get('users', id)?.is_active === true);
    emitPeerEvent(ctx, channel, 'peer_remove', visible);
  }
  if (sightRestricted(ctx))
    for (const [user, left] of leftBy)
      emitSightLost(
        ctx,
        user,
        left.map((channel) => channel.id),
      );
  return result;
}
