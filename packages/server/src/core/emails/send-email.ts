import type { Context } from '../runtime/context.js';
import type { EmailRecord } from '../model/records/outbox.js';
import { serverEmailDomain } from '../model/email-visibility.js';

/** What an email is made of. */
export interface OutgoingEmail {
  /** Which email it is (`invitation`, `confirm_new_email`, …). */
  template: string;
  to: string[];
  subject: string;
  body: string;
}

type EmailContext = Pick<Context, 'db' | 'now' | 'config' | 'log' | 'journal'>;

/** The sender of the server's emails: `noreply@` the domain of the addresses it makes. */
function noReplyAddress(config: Context['config']): string {
  return `noreply@${serverEmailDomain(config)}`;
}

/**
 * "Sends" an email: the server delivers no mail, it keeps every email it would send in its
 * outbox (the `emails` collection, written in the request's transaction, so a rolled-back
 * request sends nothing), where operators read it (`teamchat-server outbox`, `GET /emails` on
 * a development server) and tests follow its links. The newest `emailHistory` are kept.
 */
export function sendEmail(ctx: EmailContext, email: OutgoingEmail): EmailRecord {
  const record = ctx.db.put('emails', {
    id: ctx.db.nextId('emails'),
    template: email.template,
    to: email.to,
    from: noReplyAddress(ctx.config),
    subject: email.subject,
    body: email.body,
    sent_at: ctx.now(),
  });
  const ids = [...ctx.db.all('emails')].map((e) => e.id);
  const excess = ids.length - ctx.config.emailHistory;
  if (excess > 0) for (const id of ids.sort((a, b) => a - b).slice(0, excess)) ctx.db.delete('emails', id);
  ctx.db.onCommit(() => {
    ctx.log.info('email sent (kept in the outbox)', {
      template: email.template,
      to: email.to.join(', '),
      subject: email.subject,
    });
    ctx.journal.email(record);
  });
  return record;
}

/** Options of {@link outboxEmails}. */
export interface OutboxQuery {
  /** Only emails to this address (case-insensitive). */
  to?: string;
  /** Only the newest `last`. */
  last?: number;
}

/** The emails of the outbox, oldest first. */
export function outboxEmails(
  reader: { all(collection: 'emails'): Iterable<EmailRecord> },
  query: OutboxQuery = {},
): EmailRecord[] {
  const to = query.to?.toLowerCase();
  const emails = [...reader.all('emails')]
    .filter((email) => to === undefined || email.to.some((address) => address.toLowerCase() === to))
    .sort((a, b) => a.id - b.id);
  return query.last === undefined ? emails : emails.slice(Math.max(0, emails.length - query.last));
}
