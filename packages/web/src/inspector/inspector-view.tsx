import { useEffect, useState } from 'preact/hooks';
import { summaryOf } from './entry-summary.js';
import { entryId, journal, setPaused, startJournal, type JournalEntry } from './journal.js';

const KINDS = [
  { kind: 'request', label: 'Requests' },
  { kind: 'event', label: 'Events' },
  { kind: 'email', label: 'Emails' },
  { kind: 'push', label: 'Pushes' },
  { kind: 'webhook', label: 'Webhooks' },
  { kind: 'job', label: 'Jobs' },
] as const;

/** Rows rendered at most; the filter narrows the rest. */
const SHOWN = 400;

function clock(ms: number): string {
  const date = new Date(ms);
  return `${date.toLocaleTimeString(undefined, { hour12: false })}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

/** The fields of an entry shown when it is opened (everything but what the summary says). */
function details(entry: JournalEntry): [string, unknown][] {
  const order: Record<string, string[]> = {
    request: ['params', 'response'],
    event: ['event'],
  };
  const first = order[entry.kind] ?? [];
  const rest = Object.keys(entry).filter((key) => !['id', 'seq', 'time', 'kind', ...first].includes(key));
  return [...first, ...rest].filter((key) => key in entry).map((key) => [key, entry[key]]);
}

/** Whether a field's value fits on one short line (an ID, a status, an address). */
function isShort(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    (typeof value === 'string' && value.length <= 80 && !value.includes('\n'))
  );
}

/** An opened entry: its short fields in a compact grid, then its parameters, answer or event as JSON. */
function EntryFields({ entry }: { entry: JournalEntry }) {
  const fields = details(entry);
  const short = fields.filter(([, value]) => isShort(value));
  const long = fields.filter(([, value]) => !isShort(value));
  return (
    <div class="journal-fields">
      {short.length > 0 && (
        <dl class="journal-scalars">
          {short.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {long.length > 0 && (
        <dl>
          {long.map(([key, value]) => (
            <div key={key} class="journal-field">
              <dt>{key}</dt>
              <dd>
                <pre>{typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</pre>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

function EntryRow({
  entry,
  open,
  onToggle,
  highlighted,
  onCause,
}: {
  entry: JournalEntry;
  open: boolean;
  onToggle: () => void;
  highlighted: boolean;
  onCause: (seq: number) => void;
}) {
  const summary = summaryOf(entry);
  return (
    <li
      class={`journal-entry kind-${entry.kind}${highlighted ? ' highlighted' : ''}`}
      id={`entry-${entryId(entry)}`}
      data-kind={entry.kind}
      data-id={entryId(entry)}
    >
      <button type="button" class="journal-summary" aria-expanded={open} onClick={onToggle}>
        <time class="journal-time">{clock(entry.time)}</time>
        <span class={`kind-badge kind-${entry.kind}`}>{entry.kind}</span>
        <span class="journal-title">{summary.title}</span>
        {summary.status !== undefined && summary.status !== '' && (
          <span class={`status tone-${summary.tone ?? 'none'}`}>{summary.status}</span>
        )}
        <span class="journal-detail">{summary.detail}</span>
      </button>
      {typeof entry.cause === 'number' && (
        <button type="button" class="link-button cause" onClick={() => onCause(entry.cause as number)}>
          caused by request #{entry.cause}
        </button>
      )}
      {open && <EntryFields entry={entry} />}
    </li>
  );
}

/**
 * The inspector (`/inspector/`): the server's journal, live and newest first, every request
 * (account, method, path, parameters with secrets hidden, status, latency, answer), the events
 * each queue got and whether they were fetched, emails, pushes, webhook deliveries and jobs.
 */
export function InspectorView() {
  const state = journal.value;
  const [filter, setFilter] = useState('');
  const [kinds, setKinds] = useState<ReadonlySet<string>>(new Set(KINDS.map((k) => k.kind)));
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [highlight, setHighlight] = useState<number | null>(null);
  useEffect(() => {
    startJournal();
    document.title = 'Inspector · teamchat';
  }, []);

  const needle = filter.trim().toLowerCase();
  const matching = state.entries.filter(
    (entry) => kinds.has(entry.kind) && (needle === '' || JSON.stringify(entry).toLowerCase().includes(needle)),
  );
  const shown = matching.slice(-SHOWN).reverse();
  const counts = new Map<string, number>();
  for (const entry of state.entries) counts.set(entry.kind, (counts.get(entry.kind) ?? 0) + 1);

  const showCause = (id: number) => {
    setKinds((before) => new Set([...before, 'request']));
    setFilter('');
    setHighlight(id);
    setOpen((before) => new Set([...before, id]));
    requestAnimationFrame(() => document.getElementById(`entry-${id}`)?.scrollIntoView({ block: 'center' }));
  };

  return (
    <div class="inspector">
      <header class="app-header inspector-header">
        <a class="brand" href="/">
          <span class="brand-mark" aria-hidden="true" />
          <span class="brand-name">Inspector</span>
        </a>
        <div class="inspector-controls">
          <label class="visually-hidden" for="journal-filter">
            Filter
          </label>
          <input
            id="journal-filter"
            class="input"
            type="search"
            placeholder="Filter: path, account, event type, text…"
            value={filter}
            onInput={(e) => setFilter(e.currentTarget.value)}
          />
          <button
            type="button"
            class="button"
            aria-pressed={state.status === 'paused'}
            onClick={() => setPaused(state.status !== 'paused')}
          >
            {state.status === 'paused' ? 'Resume' : 'Pause'}
          </button>
          <a class="button" href="/">
            Back to the app
          </a>
        </div>
      </header>
      <main class="inspector-main" aria-label="Journal">
        <div class="kind-filters" role="group" aria-label="Kinds of entries">
          {KINDS.map(({ kind, label }) => (
            <label key={kind} class={`kind-toggle kind-${kind}`}>
              <input
                type="checkbox"
                checked={kinds.has(kind)}
                onChange={(e) => {
                  const next = new Set(kinds);
                  if (e.currentTarget.checked) next.add(kind);
                  else next.delete(kind);
                  setKinds(next);
                }}
              />
              {label} <span class="muted">{counts.get(kind) ?? 0}</span>
            </label>
          ))}
          <span class="journal-status" role="status">
            {state.status === 'forbidden'
              ? ''
              : state.status === 'loading'
                ? 'Loading…'
                : `${state.status === 'paused' ? 'Paused' : 'Live'} · ${state.entries.length} entries${state.capacity ? ` (the server keeps the newest ${state.capacity})` : ''}`}
          </span>
        </div>
        {state.error && (
          <p class="banner banner-error" role="alert">
            {state.error}
          </p>
        )}
        {state.status !== 'forbidden' && shown.length === 0 && state.status !== 'loading' && (
          <p class="list-status">
            {state.entries.length === 0
              ? 'Nothing yet: use the app or a client, and requests appear here.'
              : 'No entry matches the filter.'}
          </p>
        )}
        <ol class="journal" aria-label="Entries, newest first">
          {shown.map((entry) => (
            <EntryRow
              key={entryId(entry)}
              entry={entry}
              open={open.has(entryId(entry))}
              highlighted={highlight === entryId(entry)}
              onCause={showCause}
              onToggle={() =>
                setOpen((before) => {
                  const next = new Set(before);
                  if (next.has(entryId(entry))) next.delete(entryId(entry));
                  else next.add(entryId(entry));
                  return next;
                })
              }
            />
          ))}
        </ol>
        {matching.length > SHOWN && (
          <p class="list-status">{matching.length - SHOWN} older entries hidden: narrow the filter to see them.</p>
        )}
      </main>
    </div>
  );
}
