import type { UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import { silentMention } from './notification-bot.js';
import { postChannelEventNotice, quoteBlock } from './channel-notices.js';

/** The Notification Bot's notice of a rename. */
export function noticeRename(ctx: UserContext<'hooks' | 'jobs'>, channel: ChannelRecord, oldName: string): void {
  postChannelEventNotice(
    ctx,
    channel,
    `${silentMention(ctx.user)} renamed channel **${oldName}** to **${channel.name}**.`,
  );
}

/** The Notification Bot's notice of a new description, quoting the old and the new one. */
export function noticeDescription(
  ctx: UserContext<'hooks' | 'jobs'>,
  channel: ChannelRecord,
  oldDescription: string,
): void {
  const shown = (text: string) => (text === '' ? '*No description.*' : text);
  postChannelEventNotice(
    ctx,
    channel,
    `${silentMention(ctx.user)} changed the description for this channel.\n\n* **Old description:**${quoteBlock(shown(oldDescription))}\n` +
      `* **New description:**${quoteBlock(shown(channel.description))}`,
  );
}

/** The Notification Bot's notice of a new retention period (null: the organization's). */
export function noticeRetention(
  ctx: UserContext<'hooks' | 'jobs'>,
  channel: ChannelRecord,
  oldDays: number | null,
): void {
  const before = oldDays ?? ctx.realm.message_retention_days;
  const after = channel.message_retention_days ?? ctx.realm.message_retention_days;
  const period = (days: number) => (days === -1 ? 'Forever' : `${days} days`);
  const summary =
    after === -1
      ? 'Messages in this channel will now be retained forever.'
      : `Messages in this channel will now be automatically deleted ${after} days after they are sent.`;
  postChannelEventNotice(
    ctx,
    channel,
    `${silentMention(ctx.user)} has changed the [message retention period](/help/message-retention-policy) for this channel:\n` +
      `* **Old retention period**: ${period(before)}\n* **New retention period**: ${period(after)}\n\n${summary}`,
  );
}

/** The Notification Bot's notice of a new `topics_policy`. */
export function noticeTopicsPolicy(
  ctx: UserContext<'hooks' | 'jobs'>,
  channel: ChannelRecord,
  oldPolicy: ChannelRecord['topics_policy'],
): void {
  const empty = ctx.realm.empty_topic_display_name;
  const names: Record<ChannelRecord['topics_policy'], string> = {
    inherit: 'Automatic',
    allow_empty_topic: `*${empty}* topic allowed`,
    disable_empty_topic: `No *${empty}* topic`,
    empty_topic_only: `Only *${empty}* topic allowed`,
  };
  postChannelEventNotice(
    ctx,
    channel,
    `${silentMention(ctx.user)} changed the "Allow posting to the *${empty}* topic?" setting from **${names[oldPolicy]}** to **${names[channel.topics_policy]}**.`,
  );
}
