import type { StoredRecord } from './types.js';

/** One shared, frozen empty list for the empty lists of messages (most have no reactions, edits, widgets). */
const EMPTY: readonly never[] = Object.freeze([]);
/** Short, often repeated text fields of messages (`type`, `topic`, `client`), kept once per distinct value. */
const MAX_SHARED_LENGTH = 200;
const shared = new Map<string, string>();

/** The last kept text of each shared field, by slot: messages come in runs of one topic. */
const recent: (string | undefined)[] = [undefined, undefined, undefined];

/** The fields {@link compactMessage} touches, as they may be (it runs before any check). */
interface Compactable {
  type?: unknown;
  topic?: unknown;
  client?: unknown;
  edit_history?: unknown;
  reactions?: unknown;
  submessages?: unknown;
}

/** `text`, or the kept string of the same value (`slot`: which field, for the last-kept shortcut). */
function share(slot: number, text: string): string {
  if (text.length > MAX_SHARED_LENGTH) return text;
  // Compared by value (a fresh string from the snapshot), without hashing it for the map.
  const last = recent[slot];
  if (last === text) return last;
  let kept = shared.get(text);
  if (kept === undefined) {
    shared.set(text, text);
    kept = text;
  }
  recent[slot] = kept;
  return kept;
}

function isEmptyList(value: unknown): boolean {
  return value !== EMPTY && Array.isArray(value) && value.length === 0;
}

/**
 * Makes a message record as small as it can be before it is stored (and before anyone else
 * sees it): empty lists shared, topics and client names kept once per distinct value. A
 * million messages then cost their content and little else. Each field is read by name (a
 * million calls at start-up: a loop over field names made every access a keyed lookup), and
 * only a field that is there is written.
 */
export function compactMessage(record: StoredRecord): void {
  const m = record as unknown as Compactable;
  if (isEmptyList(m.edit_history)) m.edit_history = EMPTY;
  if (isEmptyList(m.reactions)) m.reactions = EMPTY;
  if (isEmptyList(m.submessages)) m.submessages = EMPTY;
  if (typeof m.type === 'string') m.type = share(0, m.type);
  if (typeof m.topic === 'string') m.topic = share(1, m.topic);
  if (typeof m.client === 'string') m.client = share(2, m.client);
}

/**
 * A message of format 1 carries its rows in `user_flags` (user ID → bits): the record without
 * them, and the rows as `[userId, bits, ...]`, with -1 for the users of `existing()` it no
 * longer lists. Null for a message without `user_flags`.
 */
export function legacyRows(
  record: StoredRecord,
  existing: () => readonly number[],
): { record: StoredRecord; pairs: number[] } | null {
  if (!('user_flags' in record)) return null;
  const { user_flags: flags, ...rest } = record as StoredRecord & { user_flags: unknown };
  const pairs: number[] = [];
  const listed = new Set<number>();
  if (typeof flags === 'object' && flags !== null) {
    for (const [key, bits] of Object.entries(flags)) {
      const userId = Number(key);
      if (!Number.isInteger(userId) || typeof bits !== 'number') continue;
      pairs.push(userId, bits);
      listed.add(userId);
    }
  }
  for (const userId of existing()) if (!listed.has(userId)) pairs.push(userId, -1);
  return { record: rest as StoredRecord, pairs };
}
