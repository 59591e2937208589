import { avatarUrl } from '../model/avatar.js';
import type { HookContext, SentMessage } from '../runtime/message-hooks.js';
import type { Services } from '../runtime/services.js';
import type { OutboxRecord } from '../model/records/outbox.js';
import type { UserRecord } from '../model/records/users.js';
import { participantsOf } from '../model/direct-message-groups.js';
import { messageFlags, messageRows } from '../model/message-flags.js';
import { FLAG_BITS, type MessageRecord } from '../model/records/messages.js';
import { enqueueJob, type JobRunner, type JobOutcome } from '../outbox/job-queue.js';
import { activeDevices, basePayload, notifyDevices } from './send-notifications.js';

/** Notification text is cut here (the real server's 200-character push content). */
const MAX_CONTENT = 200;

/** The text of rendered HTML (tags dropped, the usual entities decoded). */
function htmlText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_match, name: string) => entities[name] ?? '');
}

function hasDevices(ctx: Pick<HookContext, 'db'>, userId: number): boolean {
  for (const device of ctx.db.all('push_devices'))
    if (device.user_id === userId && device.status === 'active') return true;
  return false;
}

/** Whether `user` has an event queue that takes messages: a client is open, the user is not "off" the chat. */
function isOnline(ctx: Pick<HookContext, 'events'>, user: UserRecord): boolean {
  for (const queue of ctx.events.queuesOf(user.id)) if (queue.wants('message')) return true;
  return false;
}

/** Why `user` gets a notification of `message` (the real server's triggers), or null. */
function trigger(ctx: HookContext, user: UserRecord, message: MessageRecord): string | null {
  const settings = user.settings;
  const bits = messageFlags(ctx, message.id, user.id) ?? 0;
  if (message.type === 'private') return settings.enable_offline_push_notifications ? 'direct_message' : null;
  if (bits & FLAG_BITS.mentioned) return settings.enable_offline_push_notifications ? 'mentioned' : null;
  const subscription =
    message.stream_id === null ? undefined : ctx.indexes.subscriptionsByUser.get(user.id)?.get(message.stream_id);
  if (!subscription || subscription.is_muted) return null;
  if (bits & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned)) {
    if (subscription.wildcard_mentions_notify ?? settings.wildcard_mentions_notify) return 'stream_wildcard_mentioned';
  }
  if (subscription.push_notifications ?? settings.enable_stream_push_notifications) return 'stream_push_notify';
  return null;
}

/** The plaintext of a message notification (FL 413 shape). */
function messagePayload(
  ctx: HookContext,
  user: UserRecord,
  message: MessageRecord,
  sender: UserRecord,
): Record<string, unknown> {
  const text = htmlText(message.rendered_content).trim();
  const content = text.length > MAX_CONTENT ? `${text.slice(0, MAX_CONTENT - 1)}…` : text;
  const data: Record<string, unknown> = {
    ...basePayload(ctx, user.id),
    type: 'message',
    message_id: message.id,
    sender_id: sender.id,
    sender_full_name: sender.full_name,
    sender_avatar_url: avatarUrl(sender, ctx.config.realmUrl),
    time: message.timestamp,
    content,
  };
  if (message.stream_id !== null) {
    return {
      ...data,
      recipient_type: 'channel',
      channel_id: message.stream_id,
      channel_name: ctx.db.get('channels', message.stream_id)?.name ?? '',
      topic: message.topic,
    };
  }
  const participants = participantsOf(ctx, message);
  return {
    ...data,
    recipient_type: 'direct',
    ...(participants.length > 2 ? { pm_users: participants.join(',') } : {}),
  };
}

/**
 * Push notifications of a stored message, as the real server decides them: for each recipient
 * (not the sender) with an active device — direct messages and mentions (with
 * `enable_offline_push_notifications`), wildcard mentions and channels with push enabled
 * (subscription setting, else the user's), never in muted channels; a user with a client open
 * gets them only with `enable_online_push_notifications`. Each is an outbox job.
 */
export function notifyMessageRecipients(ctx: HookContext, { message, sender }: SentMessage): void {
  // Most organizations have no device registered: nothing to work out per recipient.
  if (ctx.db.all('push_devices').next().done === true) return;
  for (const [userId, bits] of messageRows(ctx, message.id)) {
    if (userId === sender.id || !hasDevices(ctx, userId)) continue;
    const user = ctx.db.get('users', userId);
    if (!user?.is_active || user.is_bot) continue;
    if (bits & FLAG_BITS.read) continue;
    const why = trigger(ctx, user, message);
    if (!why || (isOnline(ctx, user) && !user.settings.enable_online_push_notifications)) continue;
    enqueueJob(ctx, {
      kind: 'push_notify',
      userId,
      payload: { trigger: why, message_id: message.id, data: messagePayload(ctx, user, message, sender) },
    });
  }
}

/** Removes the notifications of messages the user read (the real server's `remove` push for messages it had notified). */
export function removeReadNotifications(ctx: HookContext, userId: number, messageIds: readonly number[]): void {
  if (!hasDevices(ctx, userId)) return;
  const read = new Set(messageIds);
  const notified: number[] = [];
  for (const job of ctx.db.all('outbox')) {
    const id = Number(job.payload['message_id']);
    if (job.kind === 'push_notify' && job.user_id === userId && job.payload['trigger'] !== 'remove' && read.has(id))
      notified.push(id);
  }
  if (notified.length === 0) return;
  const data = {
    ...basePayload(ctx, userId),
    type: 'remove',
    message_ids: [...new Set(notified)].sort((a, b) => a - b),
  };
  enqueueJob(ctx, { kind: 'push_notify', userId, payload: { trigger: 'remove', data } });
}

/** Sends a notification job to the user's active devices; retried while the bouncer is down or failing. */
export const sendPushNotification: JobRunner = {
  lane: 'push',
  maxRetries: () => 5,
  retryDelayMs: (_services, attempts) => 10_000 * 2 ** (attempts - 1),
  async run(services: Services, job: OutboxRecord): Promise<JobOutcome> {
    const devices = activeDevices(services, job.user_id);
    if (devices.length === 0) return { outcome: 'delivered' };
    const answer = await notifyDevices(services, devices, job.payload['data'] as Record<string, unknown>);
    if (!answer.ok) {
      services.log.warn('the push bouncer did not take a notification', {
        user: job.user_id,
        code: answer.code,
        error: answer.msg,
      });
      return {
        outcome: answer.kind === 'connect' || answer.kind === 'server' ? 'retry' : 'failed',
        status: answer.status,
        error: answer.msg,
      };
    }
    const gone = Array.isArray(answer.body['delete_device_ids']) ? (answer.body['delete_device_ids'] as number[]) : [];
    return {
      outcome: 'delivered',
      status: 200,
      // Devices the bouncer no longer knows are forgotten here too.
      apply: (ctx) => {
        for (const device of [...ctx.db.all('push_devices')])
          if (device.bouncer_device_id !== null && gone.includes(device.bouncer_device_id))
            ctx.db.delete('push_devices', device.id);
      },
    };
  },
};
