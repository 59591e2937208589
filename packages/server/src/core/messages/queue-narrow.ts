import type { UserRecord } from '../model/db.js';
import type { EventQueue } from '../model/event-queue.js';
import type { MessageRecord } from '../model/message-record.js';

/**
 * Whether a queue wants a message: queues registered with a narrow get only the messages it
 * matches (with the viewer's flags), the others all of them.
 */
export function queueWantsMessage(queue: EventQueue, message: MessageRecord, viewer: UserRecord): boolean {
  return queue.messageFilter === null || queue.messageFilter(message, message.user_flags[String(viewer.id)]);
}
