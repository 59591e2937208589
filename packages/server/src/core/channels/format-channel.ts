import type { Channel, Subscription } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { ChannelRecord, SubscriptionRecord } from '../model/records/channels.js';
import { formatGroupSettingValue, systemGroupNameOf } from '../model/group-setting-value.js';
import { activeSubscriberCount } from '../model/channel-access.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'now'>;

const RECENT_DAYS = 180;

/** The deprecated `stream_post_policy` derived from `can_send_message_group`. */
export function postPolicy(ctx: Ctx, channel: ChannelRecord): number {
  switch (systemGroupNameOf(ctx, channel.groups.can_send_message_group)) {
    case 'role:administrators':
      return 2;
    case 'role:fullmembers':
      return 3;
    case 'role:moderators':
      return 4;
    default:
      return 1;
  }
}

/** Whether `channel` saw a message (or was created) in the last 180 days. */
function isRecentlyActive(ctx: Ctx, channel: ChannelRecord): boolean {
  const since = ctx.now() / 1000 - RECENT_DAYS * 86_400;
  if (channel.date_created >= since) return true;
  const ids = ctx.indexes.messages.channel(channel.id);
  const newest = ids[ids.length - 1];
  const message = newest === undefined ? undefined : ctx.db.get('messages', newest);
  return message !== undefined && message.timestamp >= since;
}

/** The Channel object of `channel`. */
export function formatChannel(ctx: Ctx, channel: ChannelRecord, options: { includeDefault?: boolean } = {}): Channel {
  const policy = postPolicy(ctx, channel);
  const groups = Object.fromEntries(
    Object.entries(channel.groups).map(([name, value]) => [name, formatGroupSettingValue(ctx, value)]),
  ) as ChannelRecord['groups'];
  const formatted: Channel = {
    stream_id: channel.id,
    name: channel.name,
    is_archived: channel.is_archived,
    description: channel.description,
    rendered_description: channel.rendered_description,
    date_created: channel.date_created,
    creator_id: channel.creator_id,
    invite_only: channel.invite_only,
    is_web_public: channel.is_web_public,
    stream_post_policy: policy,
    is_announcement_only: policy === 2,
    message_retention_days: channel.message_retention_days,
    history_public_to_subscribers: channel.history_public_to_subscribers,
    topics_policy: channel.topics_policy,
    first_message_id: channel.first_message_id,
    folder_id: channel.folder_id,
    is_recently_active: isRecentlyActive(ctx, channel),
    ...groups,
    subscriber_count: activeSubscriberCount(ctx, channel.id),
    stream_weekly_traffic: null,
  };
  if (options.includeDefault) formatted.is_default = channel.is_default;
  return formatted;
}

/** The Subscription object: the channel plus the subscriber's personal settings. */
export function formatSubscription(
  ctx: Ctx,
  channel: ChannelRecord,
  sub: SubscriptionRecord,
  subscribers?: number[],
): Subscription {
  const formatted: Subscription = {
    ...formatChannel(ctx, channel),
    color: sub.color,
    is_muted: sub.is_muted,
    in_home_view: !sub.is_muted,
    pin_to_top: sub.pin_to_top,
    desktop_notifications: sub.desktop_notifications,
    audible_notifications: sub.audible_notifications,
    push_notifications: sub.push_notifications,
    email_notifications: sub.email_notifications,
    wildcard_mentions_notify: sub.wildcard_mentions_notify,
  };
  if (subscribers) formatted.subscribers = subscribers;
  return formatted;
}
