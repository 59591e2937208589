import { decodeHashComponent, encodeHashComponent, leadingId, leadingIds, slug } from './hash-encoding.js';

/** One term of a narrow, as GET /messages takes it (https://zulip.com/api/construct-narrow). */
export interface Term {
  operator: string;
  operand: string | number | number[];
  negated?: boolean;
}

/** What names a narrow needs: channel and user names by ID, and back. */
export interface NarrowNames {
  channelName(id: number): string | undefined;
  channelId(name: string): number | undefined;
  userName(id: number): string | undefined;
  userEmail(id: number): string | undefined;
  /** A user by email, full name or ID text. */
  userId(text: string): number | undefined;
}

/** Operators whose operand is an ID in the hash (`12-general`). */
const ID_OPERATORS = new Set(['channel', 'sender']);

/** The narrow of a URL hash; `#feed`, `#` and anything unknown are the combined feed ([]). */
export function narrowOfHash(hash: string): Term[] {
  const parts = hash.replace(/^#/, '').split('/');
  if (parts[0] !== 'narrow') return [];
  const terms: Term[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const raw = parts[i] as string;
    const negated = raw.startsWith('-');
    let operator = negated ? raw.slice(1) : raw;
    if (operator === 'stream') operator = 'channel';
    if (operator === 'pm-with') operator = 'dm';
    if (operator === 'subject') operator = 'topic';
    const text = decodeHashComponent(parts[i + 1] as string);
    let operand: Term['operand'] = text;
    if (ID_OPERATORS.has(operator) && !Number.isNaN(leadingId(text))) operand = leadingId(text);
    if (operator === 'dm' && leadingIds(text).length > 0) operand = leadingIds(text);
    terms.push(negated ? { operator, operand, negated } : { operator, operand });
  }
  return terms;
}

/** The URL hash of a narrow, in the real web app's form. */
export function hashOfNarrow(terms: readonly Term[], names: Pick<NarrowNames, 'channelName' | 'userName'>): string {
  if (terms.length === 0) return '#feed';
  const parts = ['#narrow'];
  for (const term of terms) {
    parts.push(`${term.negated ? '-' : ''}${term.operator}`);
    const { operand } = term;
    if (term.operator === 'channel' && typeof operand === 'number')
      parts.push(`${operand}-${encodeHashComponent(slug(names.channelName(operand) ?? 'channel'))}`);
    else if (term.operator === 'sender' && typeof operand === 'number')
      parts.push(`${operand}-${encodeHashComponent(slug(names.userName(operand) ?? 'user'))}`);
    else if (term.operator === 'dm' && Array.isArray(operand)) {
      const suffix = operand.length === 1 ? slug(names.userName(operand[0] as number) ?? 'user') : 'group';
      parts.push(`${operand.join(',')}-${encodeHashComponent(suffix)}`);
    } else parts.push(encodeHashComponent(String(operand)));
  }
  return parts.join('/');
}

/** A key that is the same for the same narrow (the list of a narrow is cached by it). */
export function narrowKey(terms: readonly Term[]): string {
  return JSON.stringify(terms.map((t) => [t.negated ? `-${t.operator}` : t.operator, t.operand]));
}

/** The terms as GET /messages takes them (`channel` by ID, `dm` by user IDs). */
export function apiNarrow(
  terms: readonly Term[],
): { operator: string; operand: string | number | number[]; negated?: boolean }[] {
  return terms.map((t) => ({ operator: t.operator, operand: t.operand, ...(t.negated ? { negated: true } : {}) }));
}

/** The channel ID of a channel narrow (with or without a topic). */
export function channelOf(terms: readonly Term[]): number | undefined {
  const term = terms.find((t) => t.operator === 'channel' && !t.negated);
  return typeof term?.operand === 'number' ? term.operand : undefined;
}

/** The topic of a topic narrow. */
export function topicOf(terms: readonly Term[]): string | undefined {
  const term = terms.find((t) => t.operator === 'topic' && !t.negated);
  return term === undefined ? undefined : String(term.operand);
}

/** The other users of a DM narrow. */
export function dmOf(terms: readonly Term[]): number[] | undefined {
  const term = terms.find((t) => t.operator === 'dm' && !t.negated);
  return Array.isArray(term?.operand) ? term.operand : undefined;
}

/** Whether a narrow is exactly one view (`is:starred`), for the left sidebar's highlight. */
export function isView(terms: readonly Term[], operator: string, operand: string): boolean {
  return terms.length === 1 && terms[0]?.operator === operator && terms[0].operand === operand && !terms[0].negated;
}
