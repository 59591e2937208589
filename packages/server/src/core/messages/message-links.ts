import { encodeChannelSlug, encodeHashComponent } from '../markdown/hash-encoding.js';
import type { Context } from '../runtime/context.js';
import { participantsOf } from '../model/direct-message-groups.js';
import type { MessageRecord } from '../model/records/messages.js';

const TRUNCATED = '\n[message truncated]';

/** The shortest fence of backticks that no fence line of `content` closes (`get_unused_fence`). */
export function unusedFence(content: string): string {
  let length = 3;
  for (const match of content.matchAll(/^ {0,3}(`{3,})/gm)) length = Math.max(length, (match[1] ?? '').length + 1);
  return '`'.repeat(length);
}

/** `content` cut to `max` characters, ending in `[message truncated]` when cut (`truncate_content`). */
export function truncateContent(content: string, max: number): string {
  const chars = [...content];
  if (chars.length <= max) return content;
  return chars.slice(0, Math.max(0, max - TRUNCATED.length)).join('') + TRUNCATED;
}

const BREAKING = ['`', '>', '*', '&', '$$'];
const ESCAPES: [string, string][] = [
  ['&', '&amp;'],
  ['`', '&#96;'],
  ['>', '&gt;'],
  ['*', '&#42;'],
  ['$$', '&#36;&#36;'],
];

/**
 * `#**channel>topic@id**`, or a plain Markdown link when the names would break that syntax
 * (the real server's `get_message_link_syntax`).
 */
export function messageLinkSyntax(
  ctx: Pick<Context, 'realm'>,
  channelId: number,
  channel: string,
  topic: string,
  messageId: number,
): string {
  if (!BREAKING.some((symbol) => channel.includes(symbol) || topic.includes(symbol)))
    return `#**${channel}>${topic}@${messageId}**`;
  const escape = (text: string) => ESCAPES.reduce((out, [from, to]) => out.replaceAll(from, to), text);
  const link = `#narrow/channel/${encodeChannelSlug(channelId, channel)}/topic/${encodeHashComponent(topic)}/near/${messageId}`;
  return `[#${escape(channel)} > ${escape(topic === '' ? ctx.realm.empty_topic_display_name : topic)} @ 💬](${link})`;
}

/** Names joined as a sentence: `A`, `A and B`, `A, B, and C`. */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, -1).join(', ')}, and ${names[names.length - 1] ?? ''}`;
}

/** The participants of a direct message, its sender included, ascending. */
export function conversationOf(ctx: Pick<Context, 'db' | 'indexes'>, message: MessageRecord): number[] {
  return [...new Set([...participantsOf(ctx, message), message.sender_id])].sort((a, b) => a - b);
}

/** The link to a message in its conversation (the real server's `message_link_url`, `near`). */
export function nearMessageUrl(ctx: Pick<Context, 'db' | 'indexes' | 'config'>, message: MessageRecord): string {
  const base = `${ctx.config.realmUrl}/#narrow`;
  if (message.type === 'stream' && message.stream_id !== null) {
    const name = ctx.db.get('channels', message.stream_id)?.name ?? '';
    return `${base}/channel/${encodeChannelSlug(message.stream_id, name)}/topic/${encodeHashComponent(message.topic)}/near/${message.id}`;
  }
  const ids = conversationOf(ctx, message);
  return `${base}/dm/${ids.join(',')}${ids.length >= 3 ? '-group' : ''}/near/${message.id}`;
}
