import type { Message } from '../state/types.js';
import type { Term } from './narrow.js';

/**
 * Whether a message belongs to a narrow, for the live updates of an open list; `undefined`
 * when only the server can tell (full-text search, `has:`), then the list is not updated live.
 */
export function matchesNarrow(message: Message, terms: readonly Term[], me: number): boolean | undefined {
  for (const term of terms) {
    const result = matchTerm(message, term, me);
    if (result === undefined) return undefined;
    if (result === Boolean(term.negated)) return false;
  }
  return true;
}

function dmUsers(message: Message): number[] {
  return Array.isArray(message.display_recipient) ? message.display_recipient.map((r) => r.id) : [];
}

function matchTerm(message: Message, term: Term, me: number): boolean | undefined {
  const { operand } = term;
  switch (term.operator) {
    case 'channel':
      return message.type === 'stream' && message.stream_id === operand;
    case 'topic':
      return message.type === 'stream' && message.subject.toLowerCase() === String(operand).toLowerCase();
    case 'dm': {
      if (message.type !== 'private' || !Array.isArray(operand)) return message.type === 'private' ? undefined : false;
      const want = new Set([...operand, me]);
      const have = new Set(dmUsers(message));
      return want.size === have.size && [...want].every((id) => have.has(id));
    }
    case 'sender':
      return typeof operand === 'number' ? message.sender_id === operand : undefined;
    case 'is':
      if (operand === 'starred') return message.flags.includes('starred');
      if (operand === 'mentioned') return message.flags.some((flag) => flag.endsWith('mentioned'));
      if (operand === 'dm' || operand === 'private') return message.type === 'private';
      if (operand === 'unread') return !message.flags.includes('read');
      return undefined;
    default:
      return undefined;
  }
}
