import type { Context, OperationParams } from '../runtime/context.js';
import { activeSubscriberCount } from '../model/channel-access.js';
import { channelByName } from '../model/channel-name.js';
import type { UserRecord } from '../model/records/users.js';
import { notificationBot } from './notification-bot.js';
import { postDirectMessage } from './post-message.js';

type Ctx = Pick<
  Context<'hooks' | 'jobs'>,
  'db' | 'indexes' | 'realm' | 'config' | 'now' | 'random' | 'events' | 'hooks' | 'jobs' | 'log'
>;

/** How long a bot's owner hears nothing more after a notice (`BOT_OWNER_STREAM_ALERT_WAITPERIOD`, 5 minutes). */
const WAIT_PERIOD_MS = 5 * 60_000;

/**
 * The Notification Bot's words to the owner of `sender`, a bot posting to the channel `to` (a
 * name or an ID), when that channel does not exist or has no subscribers, as the real
 * server's `send_pm_if_empty_stream`; null when there is nothing to say: not a bot with an
 * owner, a channel with subscribers, an empty name (refused before), or a notice less than 5
 * minutes ago (`send_rate_limited_pm_notification_to_bot_owner`).
 */
function noticeText(
  ctx: Pick<Context, 'db' | 'indexes' | 'now'>,
  sender: UserRecord,
  to: OperationParams<'messages.send'>['to'],
): string | null {
  if (!sender.is_bot || sender.bot_owner_id === null) return null;
  if (sender.last_reminder !== undefined && ctx.now() - sender.last_reminder <= WAIT_PERIOD_MS) return null;
  const target = Array.isArray(to) && to.length === 1 ? to[0] : to;
  const bot = `Your bot \`${sender.email}\``;
  if (typeof target === 'number') {
    const channel = ctx.db.get('channels', target);
    if (!channel)
      return `${bot} tried to send a message to channel ID ${target}, but there is no channel with that ID.`;
    return activeSubscriberCount(ctx, channel.id) > 0 ? null : emptyText(bot, channel.name);
  }
  if (typeof target !== 'string' || target.trim() === '') return null;
  const name = target.trim();
  const channel = channelByName(ctx, name);
  if (!channel)
    return `${bot} tried to send a message to channel #**${name}**, but that channel does not exist. Click [here](#channels/new) to create it.`;
  return activeSubscriberCount(ctx, channel.id) > 0 ? null : emptyText(bot, channel.name);
}

function emptyText(bot: string, channelName: string): string {
  return `${bot} tried to send a message to channel #**${channelName}**. The channel exists but does not have any subscribers.`;
}

/** Whether a channel message from `sender` to `to` calls for a notice to the bot's owner (see {@link notifyBotOwner}). */
export function needsBotOwnerNotice(
  ctx: Pick<Context, 'db' | 'indexes' | 'now'>,
  sender: UserRecord,
  to: OperationParams<'messages.send'>['to'],
): boolean {
  return noticeText(ctx, sender, to) !== null;
}

/**
 * Sends the notice of {@link noticeText} as a direct message from the Notification Bot to the
 * bot's owner, and notes the time on the bot (the real `last_reminder`). The real server sends
 * it before it checks anything else of the message, and it stays when the message is then
 * refused (`Channel '…' does not exist`): POST /messages commits it on its own.
 */
export function notifyBotOwner(ctx: Ctx, sender: UserRecord, to: OperationParams<'messages.send'>['to']): void {
  const content = noticeText(ctx, sender, to);
  const owner = sender.bot_owner_id === null ? undefined : ctx.db.get('users', sender.bot_owner_id);
  if (content === null || !owner) return;
  postDirectMessage(ctx, [owner], { sender: notificationBot(ctx), client: 'Internal', readBySender: true, content });
  ctx.db.patch('users', sender.id, { last_reminder: ctx.now() });
}
