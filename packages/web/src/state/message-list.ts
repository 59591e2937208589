import { signal } from '@preact/signals';
import { client, errorText } from '../api/client.js';
import { matchesNarrow } from '../narrow/match-narrow.js';
import { apiNarrow, narrowKey, type Term } from '../narrow/narrow.js';
import { registered } from './store.js';
import type { Message } from './types.js';

/** The messages of the open narrow, as far as fetched; `ids` ascending. */
export interface MessageList {
  readonly key: string;
  readonly terms: readonly Term[];
  readonly ids: readonly number[];
  readonly foundOldest: boolean;
  readonly foundNewest: boolean;
  readonly loading: 'initial' | 'older' | 'newer' | null;
  readonly error: string | null;
  /** The message to show first: the first unread when opened, else the newest. */
  readonly anchor: number | null;
  /** Bumped when a message of the list changed (a reaction, an edit, a flag). */
  readonly revision: number;
}

/** Every fetched message by ID; a changed message is replaced by a new object (rows compare by identity). */
export const messages = new Map<number, Message>();
export const list = signal<MessageList | null>(null);

/**
 * Messages that arrived as events lately: a list whose first fetch was on its way when one
 * arrived adds it afterwards (the fetch may have been answered before the message existed).
 */
const arrivals: Message[] = [];
const ARRIVALS_KEPT = 100;

/** Messages fetched per request (the real web app fetches a few hundred around the anchor). */
const BATCH = 100;

const update = (changes: Partial<MessageList>): void => {
  if (list.value) list.value = { ...list.value, ...changes };
};

async function fetchMessages(
  terms: readonly Term[],
  window: { anchor: number | 'first_unread' | 'newest'; before: number; after: number; includeAnchor?: boolean },
) {
  return (await client.messages.list({
    anchor: window.anchor,
    num_before: window.before,
    num_after: window.after,
    include_anchor: window.includeAnchor ?? true,
    narrow: apiNarrow(terms) as never,
    apply_markdown: true,
    client_gravatar: true,
  } as never)) as unknown as {
    messages: Message[];
    found_oldest: boolean;
    found_newest: boolean;
    found_anchor: boolean;
    anchor?: number;
  };
}

function remember(fetched: readonly Message[]): number[] {
  for (const message of fetched) messages.set(message.id, message);
  return fetched.map((m) => m.id);
}

const me = (): number => registered.value?.user_id ?? 0;

/** Opens a narrow: its messages around the first unread one (newest for searches). */
export async function openNarrow(terms: readonly Term[]): Promise<void> {
  const key = narrowKey(terms);
  const search = terms.some((t) => t.operator === 'search');
  list.value = {
    key,
    terms,
    ids: [],
    foundOldest: false,
    foundNewest: false,
    loading: 'initial',
    error: null,
    anchor: null,
    revision: 0,
  };
  try {
    const answer = await fetchMessages(terms, {
      anchor: search ? 'newest' : 'first_unread',
      before: BATCH,
      after: BATCH,
    });
    if (list.value?.key !== key) return;
    const ids = remember(answer.messages);
    if (answer.found_newest) {
      const last = ids.at(-1) ?? 0;
      for (const message of arrivals)
        if (message.id > last && matchesNarrow(message, terms, me()) === true) ids.push(message.id);
    }
    const firstUnread = answer.messages.find((m) => !m.flags.includes('read'))?.id;
    update({
      ids,
      foundOldest: answer.found_oldest,
      foundNewest: answer.found_newest,
      loading: null,
      anchor: firstUnread ?? ids.at(-1) ?? null,
    });
  } catch (error) {
    if (list.value?.key === key) update({ loading: null, error: errorText(error) });
  }
}

/** Loads the messages before the oldest one shown (scrolling up). */
export async function loadOlder(): Promise<void> {
  const current = list.value;
  if (!current || current.loading || current.foundOldest || current.ids.length === 0) return;
  update({ loading: 'older' });
  try {
    const answer = await fetchMessages(current.terms, {
      anchor: current.ids[0] as number,
      before: BATCH,
      after: 0,
      includeAnchor: false,
    });
    if (list.value?.key !== current.key) return;
    const older = remember(answer.messages).filter((id) => id < (list.value?.ids[0] ?? Infinity));
    update({
      ids: [...older, ...(list.value?.ids ?? [])],
      foundOldest: answer.found_oldest,
      loading: null,
      error: null,
    });
  } catch (error) {
    if (list.value?.key === current.key) update({ loading: null, error: errorText(error) });
  }
}

/** Loads the messages after the newest one shown (scrolling down in a list opened at an old unread). */
export async function loadNewer(): Promise<void> {
  const current = list.value;
  if (!current || current.loading || current.foundNewest || current.ids.length === 0) return;
  update({ loading: 'newer' });
  try {
    const answer = await fetchMessages(current.terms, {
      anchor: current.ids.at(-1) as number,
      before: 0,
      after: BATCH,
      includeAnchor: false,
    });
    if (list.value?.key !== current.key) return;
    const last = list.value.ids.at(-1) ?? 0;
    const newer = remember(answer.messages).filter((id) => id > last);
    update({ ids: [...list.value.ids, ...newer], foundNewest: answer.found_newest, loading: null, error: null });
  } catch (error) {
    if (list.value?.key === current.key) update({ loading: null, error: errorText(error) });
  }
}

/** A new message (an event): appended when it belongs to the open narrow and the list reaches the newest. */
export function addMessage(message: Message, me: number): void {
  messages.set(message.id, message);
  arrivals.push(message);
  if (arrivals.length > ARRIVALS_KEPT) arrivals.shift();
  const current = list.value;
  if (!current || !current.foundNewest || current.loading === 'initial') return;
  if (matchesNarrow(message, current.terms, me) !== true) return;
  if (current.ids.includes(message.id)) return;
  update({ ids: [...current.ids, message.id] });
}

/** Replaces a fetched message with a changed copy and tells the list. */
export function changeMessage(id: number, change: (message: Message) => Message): void {
  const message = messages.get(id);
  if (!message) return;
  messages.set(id, change(message));
  const current = list.value;
  if (current?.ids.includes(id)) update({ revision: current.revision + 1 });
}

/** Removes deleted messages. */
export function removeMessages(ids: readonly number[]): void {
  const gone = new Set(ids);
  for (const id of ids) messages.delete(id);
  const current = list.value;
  if (current && current.ids.some((id) => gone.has(id))) update({ ids: current.ids.filter((id) => !gone.has(id)) });
}

/** Drops every fetched message (after the event queue was lost: they may be stale). */
export function forgetMessages(): void {
  messages.clear();
}
