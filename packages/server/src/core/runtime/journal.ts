import type { OutboxRecord } from '../model/records/outbox.js';
import type { QueuedEvent } from './event-queue.js';

/** What every journal entry has. */
type EntryBase = {
  /** Names the entry for good (a request's is reserved when it starts, so what it causes can name it). */
  id: number;
  /** Its place in the journal, raised when the entry changes (an event fetched, a job's new state). */
  seq: number;
  /** Milliseconds since the epoch, server clock. */
  time: number;
  /** The `id` of the request whose handler or transaction made it, or null. */
  cause: number | null;
};

/** What a request entry holds of an answered request. */
export type RequestRecord = {
  user_id: number | null;
  email: string | null;
  method: string;
  path: string;
  /** The contract it ran (`messages.send`), or null for the other routes. */
  endpoint: string | null;
  /** As decoded, credentials shown as `"***"`. */
  params: unknown;
  status: number;
  latency_ms: number;
  /** The answer's JSON (credentials hidden, cut past a size with `"truncated": true`), or its type and size. */
  response: unknown;
  /** The `User-Agent`. */
  client: string;
};

/** An API request (or a page) and its answer. */
export type RequestEntry = EntryBase & RequestRecord & { kind: 'request' };

/**
 * An answer as the transport gave it: the journal keeps the body as it is (no copy) and makes
 * its JSON, credentials hidden, only when the entry is read.
 */
export type RawAnswer = { content_type: string | null; body: string | Uint8Array | null; bytes?: number };

/** What the transport records of a request: its parameters and answer as they are. */
export type RawRequest = Omit<RequestRecord, 'params' | 'response'> & { params: unknown; answer: RawAnswer };

/** A request entry as kept: parameters and answer as the transport gave them, shown by {@link presentRequest}. */
type KeptRequest = EntryBase &
  Omit<RequestRecord, 'params' | 'response'> & { kind: 'request'; raw: { params: unknown; answer: RawAnswer } };
/** An event put into a queue, and whether a poll has fetched it. */
export type EventEntry = EntryBase & {
  kind: 'event';
  queue_id: string;
  user_id: number;
  event: QueuedEvent;
  fetched: boolean;
};
/** An email put into the outbox. */
export type EmailEntry = EntryBase & {
  kind: 'email';
  email_id: number;
  template: string;
  to: readonly string[];
  subject: string;
  body: string;
};
/** An outbox job on the server's clock: when it is due, and its state. */
export type JobEntry = EntryBase & {
  kind: 'job';
  job_id: number;
  job_kind: OutboxRecord['kind'];
  user_id: number;
  due: number;
  state: OutboxRecord['status'];
  attempts: number;
  last_status: number | null;
  last_error: string | null;
};
/** What the server sent and what came back; `job_id` and `attempt` when an outbox job sent it (else null). */
type Outbound = {
  job_id: number | null;
  attempt: number | null;
  url: string;
  request: unknown;
  status: number | null;
  response: unknown;
  error: string | null;
};
/** An outgoing-webhook delivery to a bot's URL. */
export type WebhookEntry = EntryBase & Outbound & { kind: 'webhook'; bot_id: number };
/**
 * A request to the push bouncer: a notification (a message's, a test), a device registration;
 * `job_kind` names the outbox job that sent it, null for a request's own (a test notification).
 */
export type PushEntry = EntryBase & Outbound & { kind: 'push'; user_id: number; job_kind: OutboxRecord['kind'] | null };

/**
 * One entry of the journal. `seq` is its place: a reader asking for `seq > after` gets an entry
 * again, in its newest state, when it changed; `id` names it for good.
 */
export type JournalEntry = RequestEntry | EventEntry | EmailEntry | JobEntry | WebhookEntry | PushEntry;
/** An entry as the journal keeps it. */
type KeptEntry = KeptRequest | EventEntry | EmailEntry | JobEntry | WebhookEntry | PushEntry;

/** What {@link Journal.read} answers. */
export interface JournalPage {
  entries: JournalEntry[];
  /** The `after` of the next read: the newest seq, or the last one answered when `limit` cut the page. */
  last_seq: number;
}

/** Options of {@link Journal}. */
export interface JournalOptions {
  /** Entries kept (the newest); 0 records nothing, ever. */
  capacity: number;
  /** Record all the time (the mock), not only while an administrator watches. */
  always: boolean;
  /** The wall clock: entries' `time`. */
  now: () => number;
  /** The clock of durations (how long recording stays on after an administrator's request). */
  monotonic: () => number;
}

/** How long an administrator's web session keeps recording on after its last request. */
export const JOURNAL_WATCH_MS = 2 * 60 * 1000;

/** A request the server sent (see {@link Journal.outbound}) and what came of it. */
export interface OutboundRecord {
  kind: 'webhook' | 'push';
  /** The outbox job that sent it, or null (a request's own: a test notification). */
  job: OutboxRecord | null;
  /** The bot of a webhook, the user of a push. */
  userId: number;
  cause: number | null;
  url: string;
  request: unknown;
  status: number | null;
  response: unknown;
  error: string | null;
}

/**
 * The request journal of the inspector and of the mock (`mock.requests`, `mock.events`): the
 * newest `capacity` entries of what the server did — API requests, the events each queue got
 * and whether a poll fetched them, emails, outgoing-webhook deliveries, push notifications,
 * outbox jobs — each linked to the request that caused it. The server records only while an
 * administrator's web session is live ({@link watch}); when nothing records, every hook is one
 * check of {@link recording}.
 */
export class Journal {
  readonly capacity: number;
  readonly always: boolean;
  /**
   * The request whose handler (or whose commit's callbacks) runs now, synchronously: what an
   * entry made meanwhile names as its cause. Set and cleared by the procedure runner.
   */
  current: number | null = null;
  private readonly now: () => number;
  private readonly monotonic: () => number;
  /** Entries by id, in the order of their seq (an updated entry moves to the end). */
  private readonly entries = new Map<number, KeptEntry>();
  /** Event entries by queue and event id, to mark them fetched. */
  private readonly events = new Map<string, EventEntry>();
  /** Job entries by outbox record id. */
  private readonly jobs = new Map<number, JobEntry>();
  private counter = 0;
  private watchedUntil = -Infinity;

  constructor(options: JournalOptions) {
    this.capacity = options.capacity;
    this.always = options.always && options.capacity > 0;
    this.now = options.now;
    this.monotonic = options.monotonic;
  }

  /** Whether entries are recorded now. */
  get recording(): boolean {
    // Nobody ever watched (the usual case): no clock read.
    return this.always || (this.watchedUntil !== -Infinity && this.monotonic() < this.watchedUntil);
  }

  /** An administrator's web session made a request: record for the next {@link JOURNAL_WATCH_MS}. */
  watch(): void {
    if (this.capacity > 0) this.watchedUntil = this.monotonic() + JOURNAL_WATCH_MS;
  }

  /** The id of a request that starts now (its entry comes when it is answered). */
  reserve(): number {
    return ++this.counter;
  }

  /** Records an answered request under the id {@link reserve} gave it. */
  request(id: number, time: number, record: RawRequest): void {
    const { params, answer, ...fields } = record;
    this.put({
      id,
      seq: 0,
      time,
      cause: null,
      kind: 'request',
      ...fields,
      raw: { params: withoutFiles(params), answer: keptAnswer(answer) },
    });
  }

  /** Records an event put into a queue. */
  event(queueId: string, userId: number, event: QueuedEvent): void {
    if (!this.recording || event.type === 'heartbeat') return;
    const entry: EventEntry = {
      ...this.base(),
      kind: 'event',
      queue_id: queueId,
      user_id: userId,
      event,
      fetched: false,
    };
    this.put(entry);
    this.events.set(`${queueId} ${event.id}`, entry);
  }

  /** Marks events of a queue fetched by a poll (their entries move to the end). */
  fetched(queueId: string, events: readonly QueuedEvent[]): void {
    if (this.events.size === 0) return;
    for (const event of events) {
      const entry = this.events.get(`${queueId} ${event.id}`);
      if (entry && !entry.fetched) {
        entry.fetched = true;
        this.moveToEnd(entry);
      }
    }
  }

  /** Records an email put into the outbox. */
  email(email: { id: number; template: string; to: readonly string[]; subject: string; body: string }): void {
    if (!this.recording) return;
    this.put({
      ...this.base(),
      kind: 'email',
      email_id: email.id,
      template: email.template,
      to: email.to,
      subject: email.subject,
      body: email.body,
    });
  }

  /** Records an outbox job: new, or in a new state (the same entry, moved to the end). */
  job(job: OutboxRecord): void {
    const entry = this.jobs.get(job.id);
    const state = {
      due: job.next_attempt_at,
      state: job.status,
      attempts: job.attempts,
      last_status: job.last_status,
      last_error: job.last_error,
    };
    if (entry) {
      Object.assign(entry, state);
      this.moveToEnd(entry);
    } else if (this.recording) {
      const added: JobEntry = {
        ...this.base(),
        kind: 'job',
        job_id: job.id,
        job_kind: job.kind,
        user_id: job.user_id,
        ...state,
      };
      this.put(added);
      this.jobs.set(job.id, added);
    }
  }

  /** Records a request the server sent (a webhook delivery, a push bouncer request) and the answer. */
  outbound(record: OutboundRecord): void {
    if (!this.recording) return;
    const { job } = record;
    const sent = {
      ...this.base(),
      cause: record.cause,
      job_id: job?.id ?? null,
      attempt: job ? job.attempts + 1 : null,
      url: record.url,
      request: redacted(record.request),
      status: record.status,
      response: redacted(record.response),
      error: record.error,
    };
    if (record.kind === 'webhook') this.put({ ...sent, kind: 'webhook', bot_id: record.userId });
    else this.put({ ...sent, kind: 'push', user_id: record.userId, job_kind: job?.kind ?? null });
  }

  /** The request that caused the outbox job `jobId`, when its entry is kept. */
  causeOfJob(jobId: number): number | null {
    return this.jobs.get(jobId)?.cause ?? null;
  }

  /** The entries with `seq > after`, oldest first, at most `limit`. */
  read(after: number, limit: number): JournalPage {
    const entries: JournalEntry[] = [];
    for (const entry of this.entries.values()) {
      if (entry.seq <= after) continue;
      if (entries.length === limit) return { entries, last_seq: entries.at(-1)?.seq ?? after };
      entries.push(presented(entry));
    }
    return { entries, last_seq: Math.max(after, this.counter) };
  }

  /** Every entry kept, oldest first (the mock's `requests` and `events`). */
  all(): JournalEntry[] {
    return [...this.entries.values()].map(presented);
  }

  /** A new entry's id, time and cause (the request running now). */
  private base(): EntryBase {
    return { id: ++this.counter, seq: 0, time: this.now(), cause: this.current };
  }

  private put(entry: KeptEntry): void {
    entry.seq = ++this.counter;
    this.entries.set(entry.id, entry);
    while (this.entries.size > this.capacity) this.evictOldest();
  }

  private moveToEnd(entry: KeptEntry): void {
    entry.seq = ++this.counter;
    this.entries.delete(entry.id);
    this.entries.set(entry.id, entry);
  }

  private evictOldest(): void {
    const oldest = this.entries.values().next().value;
    if (!oldest) return;
    this.entries.delete(oldest.id);
    if (oldest.kind === 'event') this.events.delete(`${oldest.queue_id} ${oldest.event.id}`);
    if (oldest.kind === 'job') this.jobs.delete(oldest.job_id);
  }
}

/** Characters of an answer's JSON an entry shows; a longer one is cut, with `"truncated": true`. */
const MAX_ANSWER_CHARS = 16_384;

/** An entry as readers see it: a request's parameters and answer made presentable, credentials hidden. */
function presented(entry: KeptEntry): JournalEntry {
  if (entry.kind !== 'request') return entry;
  const { raw, ...fields } = entry;
  return { ...fields, params: redacted(raw.params), response: answerOf(raw.answer) };
}

/** An answer's JSON with credentials hidden (cut past {@link MAX_ANSWER_CHARS}), or its type and size. */
function answerOf(answer: RawAnswer): unknown {
  const { content_type, body } = answer;
  const bytes = answer.bytes ?? (body === null ? 0 : body.length);
  if (body === null || !content_type?.startsWith('application/json')) return { content_type, bytes };
  let json: unknown;
  try {
    json = redacted(JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body)));
  } catch {
    return { content_type, bytes };
  }
  const shown = JSON.stringify(json);
  return shown.length <= MAX_ANSWER_CHARS
    ? json
    : { truncated: true, bytes: shown.length, text: shown.slice(0, MAX_ANSWER_CHARS) };
}

/**
 * The answer kept until read: JSON bodies as they are (a reference: no copy) unless they are
 * long, then already cut (so a big answer is not held whole); of anything else its type and size.
 */
function keptAnswer(answer: RawAnswer): RawAnswer {
  const { content_type, body } = answer;
  if (body === null || !content_type?.startsWith('application/json'))
    return { content_type, body: null, bytes: body?.length ?? 0 };
  if (body.length <= MAX_ANSWER_CHARS) return answer;
  // A new string of the cut answer (a slice would keep the whole one alive).
  const cut = answerOf(answer);
  return { content_type, body: JSON.stringify(cut) };
}

/** Parameters without the bytes of uploaded files (the journal must not hold them): names and sizes instead. */
function withoutFiles(params: unknown): unknown {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return params;
  const values = Object.entries(params);
  if (!values.some(([, value]) => isBytes(value))) return params;
  return Object.fromEntries(values.map(([name, value]) => [name, isBytes(value) ? redacted(value) : value]));
}

function isBytes(value: unknown): boolean {
  return ArrayBuffer.isView(value) || (typeof Blob !== 'undefined' && value instanceof Blob);
}

/** Names of fields whose values are credentials: passwords, API keys, tokens, secrets, sessions. */
const SECRET_FIELD = /password|secret|token|api_?key|authorization|cookie|session|^key$|_key$/i;
/** What a credential is shown as. */
const HIDDEN = '***';

/**
 * `value` with every credential replaced by `"***"`: the value of any field (at any depth) whose
 * name says it is a password, an API key, a token, a secret, a cookie or a session. What the
 * journal keeps of parameters and bodies.
 */
export function redacted(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 20) return value;
  if (Array.isArray(value)) return value.map((item) => redacted(item, depth + 1));
  // An uploaded file (or bytes): its name and size, never its content.
  if (ArrayBuffer.isView(value)) return `(${value.byteLength} bytes)`;
  if (typeof Blob !== 'undefined' && value instanceof Blob)
    return `(file ${'name' in value ? String(value.name) : ''}, ${value.size} bytes)`;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value))
    out[name] = SECRET_FIELD.test(name) ? HIDDEN : redacted(field, depth + 1);
  return out;
}
