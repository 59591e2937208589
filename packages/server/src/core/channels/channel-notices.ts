import type { UserContext } from '../context.js';
import type { ChannelRecord } from '../db.js';
import { notificationBot } from '../messages/notification-bot.js';
import { postChannelMessage } from '../messages/post-message.js';

/** Topic of the Notification Bot's notices inside a channel. */
export const CHANNEL_EVENTS_TOPIC = 'channel events';
/** Topic of new-channel announcements. */
export const NEW_CHANNELS_TOPIC = 'new channels';

function policyName(channel: ChannelRecord): string {
  if (channel.is_web_public) return 'Web-public';
  if (!channel.invite_only) return 'Public';
  return channel.history_public_to_subscribers ? 'Private, shared history' : 'Private, protected history';
}

/**
 * The Notification Bot's notices of a new channel: a "channel events" message in the channel
 * itself, and — when `announce` is set and the channel is public — an announcement in the
 * organization's new-channel announcements channel.
 */
export function postNewChannelNotices(ctx: UserContext, channel: ChannelRecord, announce: boolean): void {
  const bot = notificationBot(ctx);
  const creator = `@_**${ctx.user.full_name}|${ctx.user.id}**`;
  const description = channel.description === '' ? '*(no description)*' : `\n\`\`\`\` quote\n${channel.description}\n\`\`\`\``;
  const delivery = { sender: bot, client: 'Internal', readBySender: true };
  postChannelMessage(ctx, channel, CHANNEL_EVENTS_TOPIC, { ...delivery, content: `**${policyName(channel)}** channel created by ${creator}. **Description:** ${description}` });
  const announcementsId = ctx.realm.new_stream_announcements_stream_id;
  const announcements = announcementsId === null || announcementsId === undefined ? undefined : ctx.db.get('channels', announcementsId);
  if (announce && !channel.invite_only && announcements && !announcements.is_archived) {
    postChannelMessage(ctx, announcements, NEW_CHANNELS_TOPIC, { ...delivery, content: `${creator} created a new channel #**${channel.name}**.` });
  }
}
