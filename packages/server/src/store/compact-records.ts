import type { StoredRecord } from './types.js';

/** One shared, frozen empty list for the empty lists of messages (most have no reactions, edits, widgets). */
const EMPTY: readonly never[] = Object.freeze([]);
const EMPTY_LISTS = ['edit_history', 'reactions', 'submessages'] as const;
/** Short, often repeated text fields of messages, kept once per distinct value. */
const SHARED_TEXT = ['type', 'topic', 'client'] as const;
const MAX_SHARED_LENGTH = 200;
const shared = new Map<string, string>();

/** The last kept text of each of {@link SHARED_TEXT}: messages come in runs of one topic. */
const recent: (string | undefined)[] = [];

function intern(text: string): string {
  const known = shared.get(text);
  if (known !== undefined) return known;
  shared.set(text, text);
  return text;
}

/**
 * Makes a message record as small as it can be before it is stored (and before anyone else
 * sees it): empty lists shared, topics and client names kept once per distinct value. A
 * million messages then cost their content and little else.
 */
export function compactMessage(record: StoredRecord): void {
  const fields = record as unknown as Record<string, unknown>;
  for (const name of EMPTY_LISTS) {
    const list = fields[name];
    if (Array.isArray(list) && list.length === 0 && (list as unknown) !== EMPTY) fields[name] = EMPTY;
  }
  for (let i = 0; i < SHARED_TEXT.length; i += 1) {
    const text = fields[SHARED_TEXT[i] as string];
    if (typeof text !== 'string' || text.length > MAX_SHARED_LENGTH) continue;
    // Compared by value (a fresh string from the snapshot), without hashing it for the map.
    const last = recent[i] as string | undefined;
    if (last === text) {
      fields[SHARED_TEXT[i] as string] = last;
    } else {
      const kept = intern(text);
      recent[i] = kept;
      fields[SHARED_TEXT[i] as string] = kept;
    }
  }
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
