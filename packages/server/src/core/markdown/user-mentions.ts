import type MarkdownIt from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';
import { envOf, mentionMayStartAt } from './markdown-env.js';
import { escapeText, renderAttributes } from './zulip-html.js';

const USER_MENTION = /^@(_?)\*\*([^*]+)\*\*/;
const ID_SYNTAX = /^(.+)?\|(\d+)$/;
const STREAM_WILDCARDS = new Set(['all', 'everyone', 'stream', 'channel']);
const TOPIC_WILDCARD = 'topic';

/** What a `user_mention` token carries. */
export interface UserMentionMeta {
  kind: 'user' | 'stream_wildcard' | 'topic_wildcard';
  /** The mentioned user (kind `user`). */
  userId?: number;
  /** The text shown: the user's current name, or the wildcard as typed. */
  name: string;
  silent: boolean;
}

function userMention(state: StateInline, silent: boolean): boolean {
  const { resolver } = envOf(state);
  if (!resolver || state.src.charCodeAt(state.pos) !== 0x40 /* @ */) return false;
  if (!mentionMayStartAt(state.src, state.pos)) return false;
  const match = USER_MENTION.exec(state.src.slice(state.pos, state.posMax));
  const text = match?.[2];
  if (!match || text === undefined) return false;
  let meta: UserMentionMeta;
  const isSilent = match[1] === '_';
  if (STREAM_WILDCARDS.has(text)) {
    meta = { kind: 'stream_wildcard', name: text, silent: isSilent };
  } else if (text === TOPIC_WILDCARD) {
    meta = { kind: 'topic_wildcard', name: text, silent: isSilent };
  } else {
    const idSyntax = ID_SYNTAX.exec(text);
    const fullName = idSyntax?.[1];
    const user = idSyntax ? resolver.userById(Number(idSyntax[2])) : resolver.userByName(text);
    // `@**Name|id**` must name that user exactly (`@**someone else|31**` stays text).
    if (!user || (fullName !== undefined && user.full_name !== fullName)) return false;
    meta = { kind: 'user', userId: user.id, name: user.full_name, silent: isSilent || !user.is_active };
  }
  if (!silent) {
    const token = state.push('user_mention', 'span', 0);
    token.markup = match[0];
    token.meta = meta;
  }
  state.pos += match[0].length;
  return true;
}

function renderUserMention(token: Token): string {
  const meta = token.meta as UserMentionMeta;
  const classes = [meta.kind === 'topic_wildcard' ? 'topic-mention' : 'user-mention'];
  if (meta.kind === 'stream_wildcard') classes.push('channel-wildcard-mention');
  if (meta.silent) classes.push('silent');
  const attributes: Record<string, string> = { class: classes.join(' ') };
  if (meta.kind === 'user') attributes['data-user-id'] = String(meta.userId);
  if (meta.kind === 'stream_wildcard') attributes['data-user-id'] = '*';
  return `<span${renderAttributes(attributes)}>${escapeText(meta.silent ? meta.name : `@${meta.name}`)}</span>`;
}

/**
 * markdown-it plugin: user mentions. `@**Full Name**` (case-insensitive), `@**Full Name|31**`
 * and `@**|31**` mention a user and show their current name; `@_**…**` is silent;
 * `@**all**`, `@**everyone**`, `@**channel**`, `@**stream**` are channel wildcards and
 * `@**topic**` the topic wildcard. Mentions of deactivated users are silent; unknown
 * names stay text. Needs `env.resolver`.
 *
 * @see https://zulip.com/api/message-formatting
 */
export function userMentions(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'user_mention', userMention);
  md.renderer.rules.user_mention = (tokens, idx) => {
    const token = tokens[idx];
    return token ? renderUserMention(token) : '';
  };
}
