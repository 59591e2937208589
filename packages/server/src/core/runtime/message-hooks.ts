import type { ModelContext } from '../model/model-context.js';
import type { MessageRecord } from '../model/records/messages.js';
import type { UserRecord } from '../model/records/users.js';
import type { EventQueues } from './event-queues.js';
import type { JobQueue } from './jobs.js';
import type { Logger } from './logger.js';

/** A message just stored, as the domains that react to messages see it. */
export interface SentMessage {
  message: MessageRecord;
  sender: UserRecord;
  /** Users mentioned by name, non-silently (not through groups or wildcards). */
  mentionedUserIds: ReadonlySet<number>;
}

/** What a hook may use: the transaction that stores the message, the event queues, the outbox runner, the log. */
export type HookContext = Pick<ModelContext, 'db' | 'indexes' | 'realm' | 'config' | 'now'> & {
  events: EventQueues;
  jobs: JobQueue;
  log: Logger;
};

/**
 * What other domains do inside the transactions of the messages domain (the outbox of
 * outgoing webhooks and push notifications): registered by the core's assembly, so the
 * messages domain imports none of them.
 */
export interface MessageHooks {
  /** A message was stored (sent by anyone: users, bots, the server's notices). */
  sent: ((ctx: HookContext, sent: SentMessage) => void)[];
  /** `userId` marked `messageIds` read. */
  read: ((ctx: HookContext, userId: number, messageIds: readonly number[]) => void)[];
}
