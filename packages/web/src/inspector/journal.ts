import { signal } from '@preact/signals';
import { csrfTokenFromCookie } from '@teamchat/client-sdk';

/** One entry of the server's journal (GET /json/inspector/journal); `kind` says which fields it has. */
export interface JournalEntry {
  seq: number;
  time: number;
  kind: 'request' | 'event' | 'email' | 'push' | 'webhook' | 'job' | string;
  cause?: number | null;
  [field: string]: unknown;
}

export interface JournalState {
  readonly entries: readonly JournalEntry[];
  readonly lastSeq: number;
  readonly capacity: number | null;
  readonly enabled: boolean;
  readonly error: string | null;
  readonly status: 'loading' | 'live' | 'paused' | 'forbidden';
}

export const journal = signal<JournalState>({ entries: [], lastSeq: 0, capacity: null, enabled: true, error: null, status: 'loading' });

/** Entries kept in the page (the newest). */
const KEPT = 5000;
const PAGE = 500;
const POLL_MS = 1000;

/** An event is re-sent when a poll fetched it: one row per queue and event ID. */
function identity(entry: JournalEntry): string {
  if (entry.kind === 'event') return `event:${String(entry['queue_id'])}:${String((entry['event'] as { id?: number } | undefined)?.id)}`;
  return `seq:${entry.seq}`;
}

function merge(old: readonly JournalEntry[], fresh: readonly JournalEntry[]): JournalEntry[] {
  const byId = new Map<string, JournalEntry>();
  for (const entry of old) byId.set(identity(entry), entry);
  for (const entry of fresh) {
    const key = identity(entry);
    const previous = byId.get(key);
    // Keep the first place of an event in time, with its newest state (fetched).
    byId.set(key, previous ? { ...entry, seq: previous.seq, time: previous.time, updated_seq: entry.seq } : entry);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq).slice(-KEPT);
}

let timer: ReturnType<typeof setTimeout> | undefined;
let paused = false;

async function poll(): Promise<void> {
  timer = undefined;
  if (paused) return;
  const state = journal.value;
  let more = false;
  try {
    const response = await fetch(`/json/inspector/journal?after=${state.lastSeq}&limit=${PAGE}`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-csrftoken': csrfTokenFromCookie() ?? '' },
    });
    if (response.status === 401) {
      location.replace(`/login/?next=${encodeURIComponent('/inspector/')}`);
      return;
    }
    const body = (await response.json()) as { result: string; msg?: string; entries?: JournalEntry[]; last_seq?: number; capacity?: number; enabled?: boolean };
    if (response.status === 403) {
      journal.value = { ...journal.value, status: 'forbidden', error: body.msg ?? 'Only administrators may open the inspector.' };
      return;
    }
    if (body.result !== 'success') throw new Error(body.msg ?? `HTTP ${response.status}`);
    const entries = body.entries ?? [];
    const lastSeq = Math.max(state.lastSeq, body.last_seq ?? 0, ...entries.map((e) => e.seq));
    // A server restart starts the sequence again: start over.
    const restarted = (body.last_seq ?? 0) < state.lastSeq;
    journal.value = {
      entries: restarted ? entries : merge(journal.value.entries, entries),
      lastSeq: restarted ? (body.last_seq ?? 0) : lastSeq,
      capacity: body.capacity ?? null,
      enabled: body.enabled ?? true,
      error: null,
      status: paused ? 'paused' : 'live',
    };
    more = entries.length >= PAGE;
  } catch (error) {
    journal.value = { ...journal.value, error: `Cannot read the journal: ${error instanceof Error ? error.message : String(error)}` };
  }
  timer = setTimeout(() => void poll(), more ? 0 : POLL_MS);
}

/** Starts reading the journal, every second (at once while there is more). */
export function startJournal(): void {
  if (timer === undefined) void poll();
}

/** Pauses or resumes the live view. */
export function setPaused(value: boolean): void {
  paused = value;
  journal.value = { ...journal.value, status: value ? 'paused' : 'live' };
  if (!value && timer === undefined) void poll();
}
