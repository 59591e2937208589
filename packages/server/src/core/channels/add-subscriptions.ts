import type { Context } from '../context.js';
import type { ChannelRecord, SubscriptionRecord, UserRecord } from '../db.js';
import { emit } from '../events/emit.js';
import { hasMetadataAccess, usersWithMetadataAccess } from './channel-access.js';
import { formatChannel, formatSubscription } from './format-channel.js';

/** Colours given to new subscriptions (lowercase `#rrggbb`, as clients expect). */
export const SUBSCRIPTION_COLORS = [
  '#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5', '#f5ce6e', '#c2726a',
  '#94c849', '#bd86e5', '#ee7e4a', '#a6dcbf', '#95a5fd', '#53a063', '#9987e1', '#e4523d', '#c2c2c2', '#4f8de4',
] as const;

type Ctx = Pick<Context, 'db' | 'indexes' | 'events' | 'realm' | 'now'>;

function pickColor(ctx: Ctx, user: UserRecord): string {
  const used = new Set([...(ctx.indexes.subscriptionsByUser.get(user.id)?.values() ?? [])].map((sub) => sub.color));
  const free = SUBSCRIPTION_COLORS.find((color) => !used.has(color));
  return free ?? (SUBSCRIPTION_COLORS[used.size % SUBSCRIPTION_COLORS.length] as string);
}

function findSubscription(ctx: Ctx, user: UserRecord, channel: ChannelRecord): SubscriptionRecord | undefined {
  for (const sub of ctx.db.all('subscriptions')) {
    if (sub.user_id === user.id && sub.stream_id === channel.id) return sub;
  }
  return undefined;
}

/** The outcome of subscribing users: new and existing subscriptions. */
export interface SubscribeResult {
  subscribed: [UserRecord, ChannelRecord][];
  alreadySubscribed: [UserRecord, ChannelRecord][];
}

/**
 * Subscribes `users` to `channels` and emits `subscription add` to each newly subscribed
 * user, `stream create` to those who gain access to a private channel, and
 * `subscription peer_add` to the others who can see the channel.
 */
export function addSubscriptions(ctx: Ctx, channels: readonly ChannelRecord[], users: readonly UserRecord[]): SubscribeResult {
  const result: SubscribeResult = { subscribed: [], alreadySubscribed: [] };
  const hadAccess = new Map(channels.map((channel) => [channel.id, new Set(usersWithMetadataAccess(ctx, channel).map((u) => u.id))]));
  for (const channel of channels) {
    for (const user of users) {
      if (ctx.indexes.subscriptionsByUser.get(user.id)?.has(channel.id)) {
        result.alreadySubscribed.push([user, channel]);
        continue;
      }
      const existing = findSubscription(ctx, user, channel);
      if (existing) {
        ctx.db.patch('subscriptions', existing.id, { active: true });
      } else {
        ctx.db.put('subscriptions', {
          id: ctx.db.nextId('subscriptions'),
          user_id: user.id,
          stream_id: channel.id,
          active: true,
          color: pickColor(ctx, user),
          is_muted: false,
          pin_to_top: false,
          desktop_notifications: null,
          audible_notifications: null,
          push_notifications: null,
          email_notifications: null,
          wildcard_mentions_notify: null,
        });
      }
      result.subscribed.push([user, channel]);
    }
  }
  for (const channel of channels) {
    const added = result.subscribed.filter(([, c]) => c.id === channel.id).map(([u]) => u);
    if (added.length === 0) continue;
    const before = hadAccess.get(channel.id) ?? new Set<number>();
    const gained = added.filter((user) => !before.has(user.id));
    emit(ctx, gained.map((u) => u.id), { type: 'stream', op: 'create', streams: [formatChannel(ctx, channel)] });
    const subscriberIds = [...(ctx.indexes.subscribersByChannel.get(channel.id) ?? [])].sort((a, b) => a - b);
    for (const user of added) {
      const sub = ctx.indexes.subscriptionsByUser.get(user.id)?.get(channel.id);
      if (sub) emit(ctx, [user.id], { type: 'subscription', op: 'add', subscriptions: [formatSubscription(ctx, channel, sub, subscriberIds)] });
    }
    const addedIds = new Set(added.map((u) => u.id));
    const peers = [...ctx.db.all('users')].filter((u) => u.is_active && !addedIds.has(u.id) && hasMetadataAccess(ctx, u, channel));
    emit(ctx, peers.map((u) => u.id), { type: 'subscription', op: 'peer_add', stream_ids: [channel.id], user_ids: [...addedIds].sort((a, b) => a - b) });
  }
  return result;
}
