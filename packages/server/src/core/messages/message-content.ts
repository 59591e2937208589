import { ApiError } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from '../realm/realm-state.js';

const TRUNCATED = '\n[message truncated]';
const INVALID_TOPIC_CHARACTER = /[\p{Cc}\p{Cs}]/u;

/**
 * Message content as the real server stores it: trailing whitespace and leading newlines
 * removed; empty or NUL-containing content refused; content over the length limit truncated
 * (not refused) with a `[message truncated]` line.
 */
export function normalizeContent(raw: string): string {
  const content = raw.replace(/^\n+/, '').trimEnd();
  if (content === '') throw new ApiError('BAD_REQUEST', 'Message must not be empty');
  if (content.includes('\u0000')) throw new ApiError('BAD_REQUEST', 'Message must not contain null bytes');
  // A string's code points are never more than its UTF-16 units: most need no counting.
  if (content.length <= MAX_MESSAGE_LENGTH) return content;
  const chars = [...content];
  if (chars.length <= MAX_MESSAGE_LENGTH) return content;
  return chars.slice(0, MAX_MESSAGE_LENGTH - [...TRUNCATED].length).join('') + TRUNCATED;
}

/**
 * A topic as stored: stripped; `(no topic)` and the organization's empty-topic display name
 * mean the empty topic; over-long topics are truncated to 60 characters ending in `...`.
 */
export function normalizeTopic(ctx: Pick<Context, 'realm'>, raw: string): string {
  const topic = raw.trim();
  if (topic === '(no topic)' || topic === ctx.realm.empty_topic_display_name) return '';
  // One test of the whole topic; its characters are walked only to name a bad one's position.
  if (INVALID_TOPIC_CHARACTER.test(topic)) {
    const at = [...topic].findIndex((char) => INVALID_TOPIC_CHARACTER.test(char));
    throw new ApiError('BAD_REQUEST', `Invalid character in topic, at position ${at + 1}!`);
  }
  if (topic.length <= MAX_TOPIC_LENGTH) return topic;
  const chars = [...topic];
  return chars.length <= MAX_TOPIC_LENGTH ? topic : `${chars.slice(0, MAX_TOPIC_LENGTH - 3).join('')}...`;
}

/** The topics policy in force in `channel` (`inherit` resolved to the organization's). */
export function effectiveTopicsPolicy(
  ctx: Pick<Context, 'realm'>,
  channel: ChannelRecord,
): ChannelRecord['topics_policy'] {
  return channel.topics_policy === 'inherit' ? ctx.realm.topics_policy : channel.topics_policy;
}

/** Refuses a topic the channel's topics policy does not allow. */
export function checkTopicPolicy(ctx: Pick<Context, 'realm'>, channel: ChannelRecord, topic: string): void {
  const policy = effectiveTopicsPolicy(ctx, channel);
  const display = ctx.realm.empty_topic_display_name;
  if (policy === 'disable_empty_topic' && topic === '') {
    throw new ApiError(
      'MESSAGES_NOT_ALLOWED_IN_EMPTY_TOPIC',
      `Sending messages to the "${display}" topic is not allowed in this channel.`,
    );
  }
  if (policy === 'empty_topic_only' && topic !== '') {
    throw new ApiError('TOPICS_NOT_ALLOWED', `Only the "${display}" topic is allowed in this channel.`);
  }
}
