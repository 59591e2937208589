import type { NarrowNames, Term } from './narrow.js';

/** Aliases the real search box accepts for the same operator. */
const ALIASES: Record<string, string> = {
  stream: 'channel',
  'pm-with': 'dm',
  from: 'sender',
  subject: 'topic',
  streams: 'channels',
};
const KNOWN = new Set([
  'channel',
  'channels',
  'topic',
  'dm',
  'sender',
  'has',
  'is',
  'search',
  'id',
  'near',
  'dm-including',
]);

/** Splits a query into words, keeping "quoted phrases" (and `topic:"two words"`) together. */
function words(query: string): string[] {
  return query.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
}

const unquote = (text: string): string => text.replace(/"/g, '');

/**
 * Parses the real narrow syntax of the search box: `channel:general topic:deploys`,
 * `dm:mike@teamchat.example`, `sender:olivia`, `has:link`, `is:starred`, `is:unread`, `-is:…`
 * to negate, and free text (a `search` term). `+` stands for a space in an operand, as the
 * real web app writes it (`topic:new+release`). Unknown names of channels and users stay
 * text, and the server answers with its own error.
 *
 * @see https://zulip.com/help/search-for-messages
 */
export function parseSearch(query: string, names: NarrowNames): Term[] {
  const terms: Term[] = [];
  const free: string[] = [];
  for (const word of words(query.trim())) {
    const match = /^(-?)([a-z-]+):(.*)$/i.exec(word);
    const operator = match ? (ALIASES[match[2]!.toLowerCase()] ?? match[2]!.toLowerCase()) : undefined;
    if (!match || !operator || !KNOWN.has(operator) || match[3] === '') {
      free.push(unquote(word));
      continue;
    }
    const negated = match[1] === '-';
    const text = unquote(match[3]!).replace(/\+/g, ' ');
    let operand: Term['operand'] = text;
    if (operator === 'channel') operand = names.channelId(text) ?? text;
    if (operator === 'sender') operand = names.userId(text) ?? text;
    if (operator === 'dm' || operator === 'dm-including') {
      const ids = text.split(',').map((part) => names.userId(part.trim()));
      operand = ids.every((id) => id !== undefined) ? (ids as number[]) : text;
      if (operator === 'dm-including' && Array.isArray(operand)) operand = operand[0] as number;
    }
    if (operator === 'id' || operator === 'near') operand = Number(text);
    terms.push(negated ? { operator, operand, negated } : { operator, operand });
  }
  if (free.length > 0) terms.push({ operator: 'search', operand: free.join(' ') });
  return terms;
}

/** The search box's text for a narrow (what the box shows while the narrow is open). */
export function searchOfNarrow(terms: readonly Term[], names: NarrowNames): string {
  return terms
    .map((term) => {
      if (term.operator === 'search') return String(term.operand);
      let text: string;
      if (term.operator === 'channel' && typeof term.operand === 'number')
        text = names.channelName(term.operand) ?? String(term.operand);
      else if (term.operator === 'sender' && typeof term.operand === 'number') text = emailOrId(term.operand, names);
      else if (term.operator === 'dm' && Array.isArray(term.operand))
        text = term.operand.map((id) => emailOrId(id, names)).join(',');
      else text = String(term.operand);
      return `${term.negated ? '-' : ''}${term.operator}:${text.includes(' ') ? text.replace(/ /g, '+') : text}`;
    })
    .join(' ');
}

function emailOrId(id: number, names: NarrowNames): string {
  return names.userEmail(id) ?? String(id);
}
