import { entryId, type JournalEntry } from './journal.js';

const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The one-line summary of an entry, by kind. */
export function summaryOf(entry: JournalEntry): {
  title: string;
  detail: string;
  status?: string;
  tone?: 'ok' | 'warn' | 'error';
} {
  switch (entry.kind) {
    case 'request': {
      const status = Number(entry['status']);
      return {
        title: `${str(entry['method'])} ${str(entry['path'])}`,
        // `#id`: what an entry's "caused by request #id" names.
        detail: `#${entryId(entry)} · ${str(entry['email']) || 'anonymous'} · ${str(entry['latency_ms'])} ms${entry['client'] ? ` · ${str(entry['client'])}` : ''}`,
        status: str(entry['status']),
        tone: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'ok',
      };
    }
    case 'event': {
      const event = (entry['event'] ?? {}) as Record<string, unknown>;
      const op = event['op'] ? ` ${str(event['op'])}` : '';
      return {
        title: `${str(event['type'])}${op} → queue ${str(entry['queue_id'])}`,
        detail: `user ${str(entry['user_id'])} · event ${str(event['id'])}`,
        status: entry['fetched'] ? 'fetched' : 'waiting',
        tone: entry['fetched'] ? 'ok' : 'warn',
      };
    }
    case 'email': {
      const to = entry['to'];
      return {
        title: `Email to ${Array.isArray(to) ? to.join(', ') : str(to)}`,
        detail: `${str(entry['subject'])}${entry['template'] ? ` · ${str(entry['template'])}` : ''}`,
      };
    }
    case 'push':
      return {
        title: `Push (${str(entry['job_kind'])}) for user ${str(entry['user_id'])} → ${str(entry['url'])}`,
        detail: `attempt ${str(entry['attempt'])}${entry['error'] ? ` · ${str(entry['error'])}` : ''}`,
        status: str(entry['status'] ?? 'no answer'),
        tone: typeof entry['status'] === 'number' && entry['status'] < 300 ? 'ok' : 'error',
      };
    case 'webhook': {
      const status = entry['status'];
      return {
        title: `Webhook of bot ${str(entry['bot_id'])} → ${str(entry['url'])}`,
        detail: `attempt ${str(entry['attempt'])}${entry['error'] ? ` · ${str(entry['error'])}` : ''}`,
        status: str(status ?? 'no answer'),
        tone: typeof status === 'number' && status < 300 ? 'ok' : 'error',
      };
    }
    case 'job':
      return {
        title: `Job ${str(entry['job_kind'])} #${str(entry['job_id'])}`,
        detail: `due ${entry['due'] ? new Date(Number(entry['due'])).toLocaleTimeString() : '?'} · ${str(entry['attempts'])} attempts${entry['last_error'] ? ` · ${str(entry['last_error'])}` : ''}`,
        status: str(entry['state']),
        tone: entry['state'] === 'failed' ? 'error' : entry['state'] === 'delivered' ? 'ok' : 'warn',
      };
    default:
      return { title: entry.kind, detail: '' };
  }
}
