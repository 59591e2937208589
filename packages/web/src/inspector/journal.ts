import { signal } from '@preact/signals';
import { csrfTokenFromCookie } from '@teamchat/client-sdk';

/** One entry of the server's journal (GET /json/inspector/journal); `kind` says which fields it has. */
export interface JournalEntry {
  /** Names the entry for good (`cause` refers to it); older servers may send only `seq`. */
  id?: number;
  /** Its place in the journal: raised when the entry changes (an event fetched, a job's new state). */
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

export const journal = signal<JournalState>({
  entries: [],
  lastSeq: 0,
  capacity: null,
  enabled: true,
  error: null,
  status: 'loading',
});

/** Entries kept in the page (the newest). */
const KEPT = 5000;
const PAGE = 500;
const POLL_MS = 1000;

/** The entry's lasting name: an entry is sent again, with a higher `seq`, when it changes. */
export function entryId(entry: JournalEntry): number {
  return entry.id ?? entry.seq;
}

/** The entries with the fresh ones in: a changed entry replaces its old state and keeps its place (by id). */
function merge(old: readonly JournalEntry[], fresh: readonly JournalEntry[]): JournalEntry[] {
  const byId = new Map<number, JournalEntry>();
  for (const entry of old) byId.set(entryId(entry), entry);
  for (const entry of fresh) byId.set(entryId(entry), entry);
  return [...byId.values()].sort((a, b) => entryId(a) - entryId(b)).slice(-KEPT);
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
    const body = (await response.json()) as {
      result: string;
      msg?: string;
      code?: string;
      entries?: JournalEntry[];
      last_seq?: number;
      capacity?: number;
      enabled?: boolean;
    };
    // Not an administrator (the API's UNAUTHORIZED_PRINCIPAL, or a 403): say so, stop asking.
    if (response.status === 403 || body.code === 'UNAUTHORIZED_PRINCIPAL') {
      journal.value = {
        ...journal.value,
        status: 'forbidden',
        error: body.msg ?? 'Only administrators may open the inspector.',
      };
      return;
    }
    if (body.result !== 'success') throw new Error(body.msg ?? `HTTP ${response.status}`);
    const entries = body.entries ?? [];
    const lastSeq = Math.max(state.lastSeq, body.last_seq ?? 0, ...entries.map((e) => e.seq));
    // A server restart starts the sequence again: start over.
    const restarted = (body.last_seq ?? 0) < state.lastSeq;
    journal.value = {
      entries: restarted ? merge([], entries) : merge(journal.value.entries, entries),
      lastSeq: restarted ? (body.last_seq ?? 0) : lastSeq,
      capacity: body.capacity ?? null,
      enabled: body.enabled ?? true,
      error: null,
      status: paused ? 'paused' : 'live',
    };
    more = entries.length >= PAGE;
  } catch (error) {
    journal.value = {
      ...journal.value,
      error: `Cannot read the journal: ${error instanceof Error ? error.message : String(error)}`,
    };
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
