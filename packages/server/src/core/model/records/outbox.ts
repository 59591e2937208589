// Records of what the server sends: outbox jobs (webhook deliveries, push, exports) and the email
// outbox.

/**
 * A job of the server's outbox: something to send after a commit (an outgoing-webhook
 * delivery, a call to the push bouncer), kept in the store so that a restart does not lose it,
 * and kept after it finished as the record operators read (recent deliveries).
 */
export interface OutboxRecord {
  id: number;
  kind: 'outgoing_webhook' | 'push_register' | 'push_notify' | 'realm_export';
  /** pending: waiting for its next attempt (or being tried); delivered; failed: given up. */
  status: 'pending' | 'delivered' | 'failed';
  /** Whose job it is: the bot of a webhook delivery, the user of a push job. */
  user_id: number;
  /** Milliseconds since the epoch. */
  created_at: number;
  next_attempt_at: number;
  attempts: number;
  last_attempt_at: number | null;
  /** HTTP status of the last answer, or null (no answer). */
  last_status: number | null;
  last_error: string | null;
  finished_at: number | null;
  /** What to send (kind-specific, JSON). */
  payload: Record<string, unknown>;
}

/**
 * An email the server sent: kept in its email outbox, the operator's and tests' way to read
 * what a person would have received (the server delivers no mail).
 */
export interface EmailRecord {
  id: number;
  /** What it is: `invitation`, `confirm_new_email`, `notify_change_in_email`, `account_registered`. */
  template: string;
  to: string[];
  from: string;
  subject: string;
  /** Plain text. */
  body: string;
  /** Milliseconds since the epoch. */
  sent_at: number;
}
