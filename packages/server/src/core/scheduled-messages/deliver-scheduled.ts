import { endpoints } from '@teamchat/schema';
import { sendMessage } from '../messages/send-message.js';
import type { PortName } from '../runtime/ports.js';
import type { Services } from '../runtime/services.js';
import type { UserContext } from '../runtime/context.js';
import { notificationBot } from '../messages/notification-bot.js';
import { postDirectMessage } from '../messages/post-message.js';
import { dropReminder, isReminder } from '../reminders/reminders.js';
import { markScheduledFailed, markScheduledSent } from './scheduled-messages.js';

/**
 * The job that sends scheduled messages when their time has come on the server's clock (the
 * real server's `deliver_scheduled_messages` worker): each in a transaction of its own, as its
 * sender would send it with POST /messages. One that cannot be sent any more (the sender lost
 * access to the channel, a recipient was deactivated…) is kept, marked `failed`, for its
 * sender to edit or delete. A reminder (POST /reminders) goes to its sender from the
 * Notification Bot, unread. Cheap when nothing is due; never throws.
 */
export function createScheduledDelivery(services: Services): () => Promise<void> | null {
  let running: Promise<void> | null = null;
  // The messages still to send (not failed), kept in step with the store: every request looks
  // at these alone, not at every scheduled message.
  const waiting = new Set<number>();
  services.store.observe('scheduled_messages', {
    put: (message) => (message.failed ? waiting.delete(message.id) : waiting.add(message.id)),
    delete: (message) => waiting.delete(message.id),
  });
  const dueIds = (now: number): number[] => {
    const ids: number[] = [];
    for (const id of waiting) {
      const message = services.store.get('scheduled_messages', id);
      if (message && !message.failed && message.scheduled_delivery_timestamp <= now) ids.push(id);
    }
    return ids;
  };
  const deliverOne = async (id: number): Promise<void> => {
    try {
      await services.store.write((db) => {
        const message = db.get('scheduled_messages', id);
        const sender = message && db.get('users', message.sender_id);
        const realm = db.get('realm', 1);
        if (!message || message.failed || !sender || !realm) return;
        if (!sender.is_active) throw new Error('the sender is deactivated');
        const ctx: UserContext<PortName> = {
          ...services,
          db,
          realm,
          user: sender,
          request: { authorization: null, userAgent: 'Internal' },
          endpoint: endpoints['messages.send'],
        };
        if (isReminder(message)) {
          postDirectMessage(ctx, [sender], {
            sender: notificationBot(ctx),
            content: message.content,
            client: 'Internal',
            readBySender: true,
          });
          dropReminder(ctx, message, sender);
          return;
        }
        const to = message.type === 'stream' ? (message.to[0] as number) : message.to;
        sendMessage(
          {
            type: message.type === 'stream' ? 'stream' : 'direct',
            to,
            topic: message.topic,
            content: message.content,
            read_by_sender: message.read_by_sender ?? true,
          },
          ctx,
        );
        markScheduledSent(ctx, message, sender);
      });
    } catch (error) {
      // A write the store refused (a full disk): the message is sent at a later run, not failed.
      if (services.store.unavailable || services.store.failed) throw error;
      await services.store.write((db) => {
        const message = db.get('scheduled_messages', id);
        const realm = db.get('realm', 1);
        if (message && realm) markScheduledFailed({ ...services, db, realm }, message);
      });
    }
  };
  return () => {
    if (running) return running;
    // While the store refuses writes nothing could be recorded; the messages wait for the next run.
    if (services.store.unavailable || services.store.failed) return null;
    const ids = dueIds(services.now() / 1000);
    if (ids.length === 0) return null;
    running = (async () => {
      for (const id of ids) await deliverOne(id);
    })()
      .catch((error: unknown) =>
        services.log.error('the delivery of scheduled messages failed', {
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
}
