import type MarkdownIt from 'markdown-it';
import type { StateCore, Token } from 'markdown-it';
import { emojiByCharacters, emojiByName, type UnicodeEmoji } from './emoji-data.js';
import { replaceInText, type TextReplacement } from './text-tokens.js';
import { envOf } from './markdown-env.js';
import { escapeText, renderAttributes } from './zulip-html.js';

const EMOJI_SYNTAX = /:([\p{L}\p{N}_\-+]+):/gu;
// The real server's `possible_emoji_regex` (Unicode TR51 emoji sequences).
const ELEMENT = String.raw`(?:\p{RI}\p{RI}|\p{Emoji}(?:\p{Emoji_Modifier}|\uFE0F\u20E3?|[\u{E0020}-\u{E007E}]+\u{E007F})?)`;
const POSSIBLE_EMOJI = new RegExp(String.raw`${ELEMENT}(?:\u200D${ELEMENT})*`, 'gu');
// Characters shown as text by default (digits, arrows) stay text unless asked to be emoji.
const TEXT_PRESENTATION = /^\P{Emoji_Presentation}\u20E3?$/u;
const BEYOND_ASCII = /[\u00a9-\u{10ffff}]/u;
/** The organization-independent image emoji. */
const ZULIP_EMOJI_SRC = '/static/generated/emoji/images/emoji/unicode/zulip.png';

function emojiToken(state: StateCore, emoji: UnicodeEmoji | { image: string }, display: string): Token {
  const token = new state.Token('emoji', '', 0);
  token.content = display;
  token.meta = 'image' in emoji ? { image: emoji.image } : { code: emoji.code };
  return token;
}

function findNamed(state: StateCore, text: string): TextReplacement[] {
  const found: TextReplacement[] = [];
  const { resolver } = envOf(state);
  for (const match of text.matchAll(EMOJI_SYNTAX)) {
    const name = match[1] ?? '';
    // The organization's custom emoji come first, then the server's own, then Unicode.
    const custom = resolver?.realmEmoji(name);
    const emoji = custom
      ? { image: custom.source_url }
      : name === 'zulip'
        ? { image: ZULIP_EMOJI_SRC }
        : emojiByName(name);
    if (emoji === undefined) continue;
    found.push({
      start: match.index,
      end: match.index + match[0].length,
      tokens: [emojiToken(state, emoji, match[0])],
    });
  }
  return found;
}

function findUnicode(state: StateCore, text: string): TextReplacement[] {
  const found: TextReplacement[] = [];
  for (const match of text.matchAll(POSSIBLE_EMOJI)) {
    if (TEXT_PRESENTATION.test(match[0])) continue;
    const emoji = emojiByCharacters(match[0]);
    if (emoji === undefined) continue;
    found.push({
      start: match.index,
      end: match.index + match[0].length,
      tokens: [emojiToken(state, emoji, `:${emoji.name}:`)],
    });
  }
  return found;
}

function renderEmoji(token: Token): string {
  const title = token.content.slice(1, -1).replaceAll('_', ' ');
  const meta = token.meta as { image?: string; code?: string };
  if (meta.image !== undefined) {
    return `<img${renderAttributes({ alt: token.content, class: 'emoji', src: meta.image, title })}>`;
  }
  const attributes = { 'aria-label': title, class: `emoji emoji-${meta.code ?? ''}`, role: 'img', title };
  return `<span${renderAttributes(attributes)}>${escapeText(token.content)}</span>`;
}

/**
 * markdown-it plugin: emoji. `:smile:` (gemoji names, and Unicode names such as `:thumbs_up:`) and Unicode emoji
 * characters become `<span aria-label="smile" class="emoji emoji-1f604" role="img"
 * title="smile">:smile:</span>`; `:zulip:` is the image emoji. Unknown names stay text;
 * nothing changes inside code or links.
 *
 * @see https://zulip.com/api/message-formatting
 */
export function emoji(md: MarkdownIt): void {
  md.core.ruler.push('emoji', (state) => {
    // Names need a colon; Unicode emoji (keycaps included: U+FE0F, U+20E3) a character from U+00A9 on.
    if (state.src.includes(':')) replaceInText(state, (text) => (text.includes(':') ? findNamed(state, text) : []));
    if (BEYOND_ASCII.test(state.src))
      replaceInText(state, (text) => (BEYOND_ASCII.test(text) ? findUnicode(state, text) : []));
  });
  md.renderer.rules.emoji = (tokens, idx) => {
    const token = tokens[idx];
    return token ? renderEmoji(token) : '';
  };
}
