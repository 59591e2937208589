import type { JournalEntry } from './journal.js';

const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The one-line summary of an entry, by kind. */
export function summaryOf(entry: JournalEntry): { title: string; detail: string; status?: string; tone?: 'ok' | 'warn' | 'error' } {
  switch (entry.kind) {
    case 'request': {
      const status = Number(entry['status']);
      return {
        title: `${str(entry['method'])} ${str(entry['path'])}`,
        detail: `${str(entry['email']) || 'anonymous'} · ${str(entry['latency_ms'])} ms${entry['client'] ? ` · ${str(entry['client'])}` : ''}`,
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
    case 'email':
      return { title: `Email to ${str(entry['to'] ?? (entry['email'] as Record<string, unknown> | undefined)?.['to'])}`, detail: str(entry['subject'] ?? (entry['email'] as Record<string, unknown> | undefined)?.['subject']) };
    case 'push':
      return { title: `Push to user ${str(entry['user_id'])}`, detail: str(entry['type'] ?? entry['summary'] ?? '') };
    case 'webhook': {
      const status = entry['status'];
      return {
        title: `Webhook ${str(entry['bot'] ?? entry['bot_id'])} → ${str(entry['url'])}`,
        detail: str(entry['error'] ?? ''),
        status: str(status ?? 'no answer'),
        tone: typeof status === 'number' && status < 300 ? 'ok' : 'error',
      };
    }
    case 'job':
      return { title: `Job ${str(entry['job_kind'] ?? entry['name'] ?? entry['type'])}`, detail: `due ${entry['due'] ? new Date(Number(entry['due'])).toLocaleTimeString() : '?'}`, status: str(entry['state']) };
    default:
      return { title: entry.kind, detail: '' };
  }
}
