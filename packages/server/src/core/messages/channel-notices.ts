import type { UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { appendTo } from '../internal/append-to.js';
import { activeSubscriberIds } from '../model/channel-access.js';
import { notificationBot, silentMention } from './notification-bot.js';
import { postChannelMessage, postDirectMessage, type Delivery } from './post-message.js';

/** Topic of the Notification Bot's notices inside a channel. */
export const CHANNEL_EVENTS_TOPIC = 'channel events';
/** Topic of new-channel announcements. */
export const NEW_CHANNELS_TOPIC = 'new channels';

/**
 * The topic of a Notification Bot notice in `channel`: `topic`, or the empty topic in a channel
 * whose policy is `empty_topic_only` (the real server's `channel_events_topic_name`).
 */
function noticeTopic(channel: ChannelRecord, topic: string): string {
  return channel.topics_policy === 'empty_topic_only' ? '' : topic;
}

/** The name of a channel's permission policy, as notices show it. */
export function policyName(
  channel: Pick<ChannelRecord, 'is_web_public' | 'invite_only' | 'history_public_to_subscribers'>,
): string {
  if (channel.is_web_public) return 'Web-public';
  if (!channel.invite_only) return 'Public';
  return channel.history_public_to_subscribers ? 'Private, shared history' : 'Private, protected history';
}

/** A quoted block as the real server's notices quote descriptions. */
export function quoteBlock(text: string): string {
  return `\n\`\`\`\` quote\n${text}\n\`\`\`\``;
}

/** What the Notification Bot sends for the caller's action: marked read for the caller. */
function botDelivery(ctx: UserContext, content: string): Delivery {
  return { sender: notificationBot(ctx), client: 'Internal', readBySender: true, readBy: [ctx.user.id], content };
}

/**
 * A Notification Bot notice in the channel's "channel events" topic (the empty topic under
 * `empty_topic_only`); with `readByAll` (the archiving notice) nobody gets it unread.
 */
export function postChannelEventNotice(
  ctx: UserContext<'hooks' | 'jobs'>,
  channel: ChannelRecord,
  content: string,
  { readByAll = false } = {},
): void {
  const delivery = botDelivery(ctx, content);
  if (readByAll) delivery.readBy = activeSubscriberIds(ctx, channel.id);
  postChannelMessage(ctx, channel, noticeTopic(channel, CHANNEL_EVENTS_TOPIC), delivery);
}

/** Users one request may send subscription messages to (`max_bulk_new_subscription_messages`). */
const MAX_BULK_NEW_SUBSCRIPTION_MESSAGES = 100;

/**
 * The Notification Bot's messages after a subscription request, in the real server's order:
 * a direct message to each human subscribed by someone else ("X subscribed you to #**c**.",
 * existing channels only), the announcement of the created channels in the organization's
 * new-channel announcements channel when `announce` is set, and a "channel events" message in
 * each created channel. The direct messages are left out with `sendSubscriptionMessages`
 * false (FL 397) or above 100 users; answers whether they were sent.
 *
 * @see https://zulip.com/api/create-channel
 */
export function postSubscriptionNotices(
  ctx: UserContext<'hooks' | 'jobs'>,
  subscribed: readonly (readonly [UserRecord, ChannelRecord])[],
  created: readonly ChannelRecord[],
  options: { announce: boolean; sendSubscriptionMessages: boolean },
): boolean {
  const { announce } = options;
  const createdIds = new Set(created.map((channel) => channel.id));
  const byUser = new Map<UserRecord, ChannelRecord[]>();
  for (const [user, channel] of subscribed) appendTo(byUser, user, channel);
  const others = [...byUser.keys()].filter((user) => user.id !== ctx.user.id && !user.is_bot);
  // No direct messages when asked not to (FL 397), nor to more users than the bulk limit.
  const messagesSent = options.sendSubscriptionMessages && others.length <= MAX_BULK_NEW_SUBSCRIPTION_MESSAGES;
  for (const [user, channels] of byUser) {
    if (!messagesSent || user.id === ctx.user.id || user.is_bot) continue;
    const names = channels
      .filter((channel) => !createdIds.has(channel.id))
      .map((channel) => channel.name)
      .sort();
    if (names.length === 0) continue;
    const content =
      names.length === 1
        ? `${silentMention(ctx.user)} subscribed you to #**${names[0]}**.`
        : `${silentMention(ctx.user)} subscribed you to the following channels:\n\n${names.map((name) => `* #**${name}**\n`).join('')}`;
    postDirectMessage(ctx, [user], botDelivery(ctx, content));
  }
  if (created.length === 0) return messagesSent;
  const announcementsId = ctx.realm.new_stream_announcements_stream_id;
  const announcements =
    announcementsId === null || announcementsId === undefined ? undefined : ctx.db.get('channels', announcementsId);
  if (announce && announcements && !announcements.is_archived) {
    const links = created.map((channel) => `#**${channel.name}**`).join(', ');
    const content =
      created.length > 1
        ? `${silentMention(ctx.user)} created the following channels: ${links}.`
        : `${silentMention(ctx.user)} created a new channel ${links}.`;
    postChannelMessage(ctx, announcements, noticeTopic(announcements, NEW_CHANNELS_TOPIC), botDelivery(ctx, content));
  }
  for (const channel of created) {
    const description = channel.description === '' ? '*No description.*' : channel.description;
    postChannelEventNotice(
      ctx,
      channel,
      `**${policyName(channel)}** channel created by ${silentMention(ctx.user)}. **Description:**${quoteBlock(description)}`,
    );
  }
  return messagesSent;
}
