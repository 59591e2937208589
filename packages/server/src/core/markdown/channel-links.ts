import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import type { ChannelRecord } from '../model/records/channels.js';
import { encodeChannelSlug, encodeHashComponent } from './hash-encoding.js';
import { envOf, mentionMayStartAt, type MessageResolver } from './markdown-env.js';

const MESSAGE_LINK = /^#\*\*([^*>]+)>([^*]*)@(\d+)\*\*/;
const TOPIC_LINK = /^#\*\*([^*>]+)>([^*]*)\*\*/;
const CHANNEL_LINK = /^#\*\*([^*]+)\*\*/;
/** What links show for the empty topic (the real server's `EMPTY_TOPIC_FALLBACK_NAME`). */
const EMPTY_TOPIC_NAME = 'general chat';

function pushText(state: StateInline, content: string): void {
  state.push('text', '', 0).content = content;
}

/** Pushes `#channel > topic` (the empty topic in `<em>`), then `suffix`. */
function pushTopicText(
  state: StateInline,
  { channel, topic, suffix }: { channel: string; topic: string; suffix: string },
): void {
  if (topic !== '') {
    pushText(state, `#${channel} > ${topic}${suffix}`);
    return;
  }
  pushText(state, `#${channel} > `);
  state.push('em_open', 'em', 1);
  pushText(state, EMPTY_TOPIC_NAME);
  state.push('em_close', 'em', -1);
  if (suffix !== '') pushText(state, suffix);
}

/** Pushes the text of a channel, topic or message link and returns the link's attributes. */
function pushLink(
  state: StateInline,
  resolver: MessageResolver,
  { channel, match }: { channel: ChannelRecord; match: RegExpExecArray },
): [string, string][] {
  const name = match[1] ?? '';
  const topic = match[2];
  const messageId = match[3];
  const slug = `/#narrow/channel/${encodeChannelSlug(channel.id, name)}`;
  if (topic === undefined) {
    pushText(state, `#${name}`);
    return [
      ['class', 'stream'],
      ['data-stream-id', String(channel.id)],
      ['href', slug],
    ];
  }
  const topicUrl = `${slug}/topic/${encodeHashComponent(topic)}`;
  if (messageId !== undefined) {
    pushTopicText(state, { channel: name, topic, suffix: ' @ 💬' });
    return [
      ['class', 'message-link'],
      ['href', `${topicUrl}/near/${messageId}`],
    ];
  }
  const latest = resolver.latestTopicMessageId(channel.id, topic);
  pushTopicText(state, { channel: name, topic, suffix: '' });
  return [
    ['class', 'stream-topic'],
    ['data-stream-id', String(channel.id)],
    ['href', latest === undefined ? topicUrl : `${topicUrl}/with/${latest}`],
  ];
}

function channelLink(state: StateInline, silent: boolean): boolean {
  const { resolver } = envOf(state);
  if (!resolver || state.src.charCodeAt(state.pos) !== 0x23 /* # */) return false;
  if (!mentionMayStartAt(state.src, state.pos)) return false;
  const src = state.src.slice(state.pos, state.posMax);
  const match = MESSAGE_LINK.exec(src) ?? TOPIC_LINK.exec(src) ?? CHANNEL_LINK.exec(src);
  const channel = match?.[1] === undefined ? undefined : resolver.channelByName(match[1]);
  if (!match || !channel) return false;
  if (!silent) {
    const open = state.push('link_open', 'a', 1);
    open.markup = 'channel_link';
    open.attrs = pushLink(state, resolver, { channel, match });
    state.push('link_close', 'a', -1).markup = 'channel_link';
  }
  state.pos += match[0].length;
  return true;
}

/**
 * markdown-it plugin: channel, topic and message links. `#**announce**`,
 * `#**announce>Zulip updates**` (with `/with/{newest message the sender may read}` when the
 * topic has one) and `#**announce>Zulip updates@214**`; the empty topic shows as
 * `<em>general chat</em>`. Only channels whose content the sender may read are linked
 * (names match exactly); anything else stays text. Needs `env.resolver`.
 *
 * @see https://zulip.com/api/message-formatting
 */
export function channelLinks(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'channel_link', channelLink);
}
