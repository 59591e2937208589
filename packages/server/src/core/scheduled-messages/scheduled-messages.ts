import { ApiError } from '@teamchat/schema';
import type { StateBlock } from '../events/state-block.js';
import { emit } from '../events/emit.js';
import { renderMessage } from '../markdown/render-message.js';
import { checkTopicPolicy, normalizeContent, normalizeTopic } from '../messages/message-content.js';
import { checkCanPost, resolveChannel, resolveDirectRecipients } from '../messages/recipients.js';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { ScheduledMessageRecord } from '../model/records/messages.js';
import type { UserRecord } from '../model/records/users.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'config' | 'now' | 'events' | 'random'>;

/** A scheduled message as the API shows it (`topic` only for channel messages). */
export function formatScheduledMessage(
  ctx: Pick<Context, 'realm'>,
  message: ScheduledMessageRecord,
  emptyTopicName = true,
) {
  const shown = {
    scheduled_message_id: message.id,
    type: message.type,
    to: message.type === 'stream' ? (message.to[0] as number) : message.to,
    content: message.content,
    rendered_content: message.rendered_content,
    scheduled_delivery_timestamp: message.scheduled_delivery_timestamp,
    failed: message.failed,
  };
  if (message.type !== 'stream') return shown;
  const topic = message.topic === '' && !emptyTopicName ? ctx.realm.empty_topic_display_name : message.topic;
  return { ...shown, topic };
}

/** The user's messages still to send, soonest first. */
export function scheduledMessagesOf(ctx: Pick<Context, 'db'>, userId: number): ScheduledMessageRecord[] {
  return [...ctx.db.all('scheduled_messages')]
    .filter((message) => message.sender_id === userId && message.reminder_target_message_id === undefined)
    .sort((a, b) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp || a.id - b.id);
}

/** The `scheduled_messages` block of POST /register. */
export const scheduledMessagesState: StateBlock = {
  eventTypes: ['scheduled_messages'],
  fetch: (ctx, _params, capabilities) => ({
    scheduled_messages: scheduledMessagesOf(ctx, ctx.user.id).map((message) =>
      formatScheduledMessage(ctx, message, capabilities['empty_topic_name'] === true),
    ),
  }),
};

type Draft = Pick<ScheduledMessageRecord, 'type' | 'to' | 'topic' | 'content' | 'rendered_content'>;

interface ScheduleRequest {
  type: 'direct' | 'private' | 'stream' | 'channel';
  to: number | number[];
  topic?: string | undefined;
  content: string;
}

/**
 * The recipients and content of a scheduled message, checked as POST /messages checks them
 * (channel access, posting permission, topic rules, direct-message recipients).
 */
function resolveScheduled(ctx: UserContext, request: ScheduleRequest): Draft {
  const content = normalizeContent(request.content);
  const rendered = renderMessage(ctx, content, { sender: ctx.user }).html;
  if (request.type === 'stream' || request.type === 'channel') {
    if (typeof request.to !== 'number') throw new ApiError('BAD_REQUEST', 'Invalid channel ID');
    const channel = resolveChannel(ctx, ctx.user, request.to);
    checkCanPost(ctx, ctx.user, channel);
    if (request.topic === undefined) throw new ApiError('BAD_REQUEST', 'Missing topic');
    const topic = normalizeTopic(ctx, request.topic);
    checkTopicPolicy(ctx, channel, topic);
    return { type: 'stream', to: [channel.id], topic, content, rendered_content: rendered };
  }
  const ids = typeof request.to === 'number' ? [request.to] : request.to;
  const users = resolveDirectRecipients(ctx, ctx.user, ids);
  return {
    type: 'private',
    to: users.map((user) => user.id).sort((a, b) => a - b),
    topic: '',
    content,
    rendered_content: rendered,
  };
}

function checkFuture(ctx: UserContext, timestamp: number): void {
  if (timestamp <= ctx.now() / 1000)
    throw new ApiError('BAD_REQUEST', 'Scheduled delivery time must be in the future.');
}

function ownScheduled(ctx: UserContext, id: number): ScheduledMessageRecord {
  const message = ctx.db.get('scheduled_messages', id);
  if (!message || message.sender_id !== ctx.user.id || message.reminder_target_message_id !== undefined) {
    throw new ApiError('BAD_REQUEST', 'Scheduled message does not exist', { status: 404 });
  }
  return message;
}

function announce(
  ctx: Pick<Context, 'db' | 'events' | 'realm'>,
  sender: UserRecord,
  event: (emptyTopicName: boolean) => Record<string, unknown>,
): void {
  emit(ctx, [sender.id], (queue) => ({ type: 'scheduled_messages', ...event(queue.has('empty_topic_name')) }));
}

/** GET /scheduled_messages: the caller's messages still to send (failed ones included), soonest first. */
export function listScheduledMessages(_params: OperationParams<'scheduledMessages.list'>, ctx: UserContext) {
  return {
    scheduled_messages: scheduledMessagesOf(ctx, ctx.user.id).map((message) => formatScheduledMessage(ctx, message)),
  };
}

/**
 * POST /scheduled_messages: schedules a message (FL 179) for a future time; the server sends it
 * then, on its clock (see {@link createScheduledDelivery}). Event `scheduled_messages` `add`.
 */
export function createScheduledMessage(params: OperationParams<'scheduledMessages.create'>, ctx: UserContext) {
  const draft = resolveScheduled(ctx, params);
  checkFuture(ctx, params.scheduled_delivery_timestamp);
  const message = ctx.db.put('scheduled_messages', {
    id: ctx.db.nextId('scheduled_messages'),
    sender_id: ctx.user.id,
    ...draft,
    scheduled_delivery_timestamp: params.scheduled_delivery_timestamp,
    read_by_sender: params.read_by_sender ?? null,
    failed: false,
  });
  announce(ctx, ctx.user, (empty) => ({
    op: 'add',
    scheduled_messages: [formatScheduledMessage(ctx, message, empty)],
  }));
  return { scheduled_message_id: message.id };
}

/**
 * PATCH /scheduled_messages/{scheduled_message_id}: changes the recipients, topic, content or
 * time of one of the caller's scheduled messages (a failed one gets another chance). Event
 * `scheduled_messages` `update`.
 */
export function updateScheduledMessage(params: OperationParams<'scheduledMessages.update'>, ctx: UserContext) {
  const message = ownScheduled(ctx, params.scheduled_message_id);
  if (params.type !== undefined && params.to === undefined)
    throw new ApiError('BAD_REQUEST', 'Recipient required when updating type of scheduled message.');
  const wasStream = message.type === 'stream';
  const request: ScheduleRequest = {
    type: params.type ?? (wasStream ? 'stream' : 'direct'),
    to: params.to ?? (wasStream ? (message.to[0] as number) : message.to),
    topic: params.topic ?? (wasStream ? message.topic : undefined),
    content: params.content ?? message.content,
  };
  if ((request.type === 'stream' || request.type === 'channel') && request.topic === undefined) {
    throw new ApiError('BAD_REQUEST', 'Topic required when updating scheduled message type to channel.');
  }
  const draft = resolveScheduled(ctx, request);
  if (params.scheduled_delivery_timestamp !== undefined) checkFuture(ctx, params.scheduled_delivery_timestamp);
  else if (message.failed) checkFuture(ctx, message.scheduled_delivery_timestamp);
  const updated = ctx.db.put('scheduled_messages', {
    ...message,
    ...draft,
    scheduled_delivery_timestamp: params.scheduled_delivery_timestamp ?? message.scheduled_delivery_timestamp,
    failed: false,
  });
  announce(ctx, ctx.user, (empty) => ({
    op: 'update',
    scheduled_message: formatScheduledMessage(ctx, updated, empty),
  }));
  return {};
}

/** DELETE /scheduled_messages/{scheduled_message_id}: unschedules a message; event `scheduled_messages` `remove`. */
export function deleteScheduledMessage(params: OperationParams<'scheduledMessages.remove'>, ctx: UserContext) {
  const message = ownScheduled(ctx, params.scheduled_message_id);
  ctx.db.delete('scheduled_messages', message.id);
  announce(ctx, ctx.user, () => ({ op: 'remove', scheduled_message_id: message.id }));
  return {};
}

/**
 * Marks a message that could not be sent as failed (the sender sees it to edit or delete it).
 * A reminder is marked with no event: the real server documents none for a failed reminder.
 */
export function markScheduledFailed(ctx: Ctx, message: ScheduledMessageRecord): void {
  const current = ctx.db.get('scheduled_messages', message.id);
  const sender = ctx.db.get('users', message.sender_id);
  if (!current || !sender) return;
  const failed = ctx.db.put('scheduled_messages', { ...current, failed: true });
  if (failed.reminder_target_message_id !== undefined) return;
  announce(ctx, sender, (empty) => ({ op: 'update', scheduled_message: formatScheduledMessage(ctx, failed, empty) }));
}

/** Removes a sent message from the schedule (event `scheduled_messages` `remove`). */
export function markScheduledSent(ctx: Ctx, message: ScheduledMessageRecord, sender: UserRecord): void {
  ctx.db.delete('scheduled_messages', message.id);
  announce(ctx, sender, () => ({ op: 'remove', scheduled_message_id: message.id }));
}
