import type { MessageRecord } from '../model/records/messages.js';
import { htmlTextSegments } from './html-text.js';

/** A parsed `search` operand. */
export interface SearchQuery {
  /** The operand as sent (several `search` terms joined with spaces). */
  text: string;
  /** Stems of its words, stop words left out; a message must contain every one. */
  stems: readonly string[];
  /** Quoted phrases, lowercased; each must occur in the raw content or the topic. */
  phrases: readonly string[];
}

/** English stop words (PostgreSQL's `english.stop`): full-text search ignores them. */
export const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its ' +
    'itself they them their theirs themselves what which who whom this that these those am is are was were be been being have ' +
    'has had having do does did doing a an the and but if or because as until while of at by for with about against between ' +
    'into through during before after above below to from up down in out on off over under again further then once here ' +
    'there when where why how all any both each few more most other some such no nor not only own same so than too very s t ' +
    'can will just don should now'
  ).split(' '),
);

/** A word: a run of letters and digits. */
export const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A light English stemmer, applied to query and text alike so that `deploy`, `deploys`,
 * `deployed` and `deploying` meet (the real server uses PostgreSQL's Snowball stemmer).
 */
export function stemWord(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  for (const suffix of ['ing', 'ed']) {
    const base = w.slice(0, -suffix.length);
    if (w.endsWith(suffix) && base.length >= 3 && /[aeiouy]/.test(base)) {
      // planned → plan, but not fall → fal
      w = /([^aeiouylsz])\1$/.test(base) ? base.slice(0, -1) : base;
      break;
    }
  }
  if (w.length > 3 && w.endsWith('y')) w = `${w.slice(0, -1)}i`;
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** Stems of the words of `text`. */
export function stemsOf(text: string): string[] {
  return (text.match(WORD) ?? []).map(stemWord);
}

/**
 * Parses a search operand: terms are `"quoted phrases"` or runs of non-space characters; every
 * word counts (stop words aside) and every phrase must occur as a substring.
 */
export function parseSearch(text: string): SearchQuery {
  const stems = new Set<string>();
  const phrases: string[] = [];
  for (const term of text.match(/"[^"]+"|\S+/g) ?? []) {
    const quoted = term.length > 1 && term.startsWith('"') && term.endsWith('"');
    const inner = quoted ? term.slice(1, -1) : term;
    if (quoted) phrases.push(inner.toLowerCase());
    for (const word of inner.match(WORD) ?? []) {
      if (!STOP_WORDS.has(word.toLowerCase())) stems.add(stemWord(word));
    }
  }
  return { text, stems: [...stems], phrases };
}

/**
 * Whether `message` matches `query`: every word stem occurs in its rendered text, raw content
 * or topic, and every phrase in its raw content or topic (case-insensitively). A query without
 * searchable words matches nothing, as PostgreSQL's empty `tsquery` does.
 */
export function matchesSearch(message: MessageRecord, query: SearchQuery): boolean {
  if (query.stems.length === 0) return false;
  const words = new Set([...stemsOf(message.content), ...stemsOf(message.topic)]);
  for (const segment of htmlTextSegments(message.rendered_content)) {
    if (segment.kind === 'text') for (const stem of stemsOf(segment.text)) words.add(stem);
  }
  if (!query.stems.every((stem) => words.has(stem))) return false;
  const content = message.content.toLowerCase();
  const topic = message.topic.toLowerCase();
  return query.phrases.every((phrase) => content.includes(phrase) || topic.includes(phrase));
}
