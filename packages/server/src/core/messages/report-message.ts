import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { accessMessage } from '../model/message-access.js';
import type { MessageRecord } from '../model/records/messages.js';
import { MAX_MESSAGE_LENGTH, realmSettings } from '../realm/realm-state.js';
import {
  conversationOf,
  listOfNames,
  messageLinkSyntax,
  nearMessageUrl,
  truncateContent,
  unusedFence,
} from './message-links.js';
import { notificationBot, silentMention } from './notification-bot.js';
import { postChannelMessage } from './post-message.js';

/** The reasons of a report, as the report names them (`Realm.REPORT_MESSAGE_REASONS`). */
const REPORT_REASONS = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate content',
  norms: 'Violates community norms',
  other: 'Other reason',
} as const;
/** Longest quote of the reported message: room for the description and the report's text. */
const MAX_REPORT_SNIPPET_LENGTH = MAX_MESSAGE_LENGTH - 1000 - 500;

/** A moment as global-time Markdown (`<time:2026-01-01T12:00:00+00:00>`). */
function globalTime(seconds: number): string {
  return `<time:${new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00')}>`;
}

function mentionOf(ctx: UserContext, id: number): string {
  const user = ctx.db.get('users', id);
  return user ? silentMention(user) : '';
}

/** The first line of a report: who reported whose message (to whom, for direct messages) and when. */
function reportHeader(
  ctx: UserContext,
  message: MessageRecord,
  reported: Pick<UserRecord, 'id' | 'full_name'>,
): string {
  const start = `${silentMention(ctx.user)} reported a message sent by ${silentMention(reported)}`;
  const when = ` at ${globalTime(message.timestamp)}.`;
  if (message.type === 'stream') return start + when;
  const ids = conversationOf(ctx, message);
  if (ids.length <= 2) {
    if (reported.id !== ctx.user.id) return start + when;
    const other = ids.find((id) => id !== ctx.user.id);
    return `${start} to ${other === undefined ? silentMention(ctx.user) : mentionOf(ctx, other)}${when}`;
  }
  return `${start} to ${listOfNames(ids.filter((id) => id !== reported.id).map((id) => mentionOf(ctx, id)))}${when}`;
}

/**
 * POST /messages/{message_id}/report: the Notification Bot posts the report in the
 * organization's moderation request channel, topic "<sender's name> moderation" (the empty
 * topic in an `empty_topic_only` channel), in the real server's format: who reported whose
 * message and when, the reason and description quoted, and the message behind a spoiler.
 * `other` needs a description; a message the caller cannot read is `Invalid message(s)`.
 */
export function reportMessage(params: OperationParams<'messages.report'>, ctx: UserContext<'hooks' | 'jobs'>) {
  if (params.report_type === 'other' && params.description === '')
    throw new ApiError('BAD_REQUEST', 'An explanation is required.');
  const channelId = realmSettings(ctx, ctx.realm)['moderation_request_channel_id'];
  const channel = typeof channelId === 'number' ? ctx.db.get('channels', channelId) : undefined;
  if (!channel || channel.is_archived)
    throw new ApiError('BAD_REQUEST', 'Message reporting is not enabled in this organization.');
  const message = accessMessage(ctx, ctx.user, params.message_id);
  const reported = ctx.db.get('users', message.sender_id) as UserRecord;
  const original =
    message.type === 'stream' && message.stream_id !== null
      ? `Original message at ${messageLinkSyntax(ctx, message.stream_id, ctx.db.get('channels', message.stream_id)?.name ?? '', message.topic, message.id)}`
      : `[Original message](${nearMessageUrl(ctx, message)})`;
  const quoted = truncateContent(message.content, MAX_REPORT_SNIPPET_LENGTH);
  const fence = unusedFence(quoted);
  const content = `${reportHeader(ctx, message, reported)}\n\`\`\`quote\n**${REPORT_REASONS[params.report_type]}**. ${params.description}\n\`\`\`\n\n${fence} spoiler ${original}\n${quoted}\n${fence}`;
  const topic = channel.topics_policy === 'empty_topic_only' ? '' : `${reported.full_name} moderation`;
  postChannelMessage(ctx, channel, topic, {
    sender: notificationBot(ctx),
    content,
    client: 'Internal',
    readBySender: true,
  });
  return {};
}
