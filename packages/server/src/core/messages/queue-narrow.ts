import type { EventQueue } from '../runtime/event-queue.js';
import type { MessageRecord } from '../model/records/messages.js';

/**
 * Whether a queue wants a message: queues registered with a narrow get only the messages it
 * matches (with the viewer's flag bits, undefined without a row), the others all of them.
 */
export function queueWantsMessage(queue: EventQueue, message: MessageRecord, bits: number | undefined): boolean {
  return queue.messageFilter === null || queue.messageFilter(message, bits);
}
