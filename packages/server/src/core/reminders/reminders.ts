import { ApiError } from '@teamchat/schema';
import type { StateBlock } from '../events/state-block.js';
import { emit } from '../events/emit.js';
import { renderMessage } from '../markdown/render-message.js';
import {
  conversationOf,
  listOfNames,
  messageLinkSyntax,
  nearMessageUrl,
  truncateContent,
  unusedFence,
} from '../messages/message-links.js';
import { silentMention } from '../messages/notification-bot.js';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { ScheduledMessageRecord } from '../model/records/messages.js';
import type { UserRecord } from '../model/records/users.js';
import { accessMessage } from '../model/message-access.js';
import type { MessageRecord } from '../model/records/messages.js';
import { MAX_MESSAGE_LENGTH } from '../realm/realm-state.js';

/** Longest note of a reminder (the real server's `MAX_REMINDER_NOTE_LENGTH`). */
const MAX_REMINDER_NOTE_LENGTH = 1000;

/** Whether a scheduled row is a reminder (the real server's `delivery_type` REMIND). */
export function isReminder(row: ScheduledMessageRecord): boolean {
  return row.reminder_target_message_id !== undefined;
}

/** A reminder as the API shows it. */
function formatReminder(row: ScheduledMessageRecord) {
  return {
    reminder_id: row.id,
    type: 'private' as const,
    to: row.to,
    content: row.content,
    rendered_content: row.rendered_content,
    scheduled_delivery_timestamp: row.scheduled_delivery_timestamp,
    failed: row.failed,
    reminder_target_message_id: row.reminder_target_message_id ?? 0,
  };
}

/** The user's undelivered reminders, soonest first. */
function remindersOf(ctx: Pick<Context, 'db'>, userId: number) {
  return [...ctx.db.all('scheduled_messages')]
    .filter((row) => row.sender_id === userId && isReminder(row))
    .sort((a, b) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp || a.id - b.id)
    .map(formatReminder);
}

/** The `reminders` block of POST /register (FL 399): the user's undelivered reminders. */
export const remindersState: StateBlock = {
  eventTypes: ['reminders'],
  fetch: (ctx) => ({ reminders: remindersOf(ctx, ctx.user.id) }),
};

/**
 * The reminder's text (the real server's `get_reminder_formatted_content`): the note, who said
 * what where with a link to the message, and the message quoted (poll and to-do widgets named
 * instead), cut to fit the message length limit.
 */
function reminderContent(ctx: UserContext, message: MessageRecord, note: string | undefined): string {
  const sender = ctx.db.get('users', message.sender_id);
  const who = sender ? silentMention(sender) : '';
  const url = nearMessageUrl(ctx, message);
  const noted = note ? `. Note:\n > ${note}` : '.';
  let content: string;
  let place: string;
  if (message.type === 'stream' && message.stream_id !== null) {
    const name = ctx.db.get('channels', message.stream_id)?.name ?? '';
    content = `You requested a reminder for the following message${noted}`;
    place = `in ${messageLinkSyntax(ctx, message.stream_id, name, message.topic, message.id)}`;
  } else {
    const others = conversationOf(ctx, message).filter((id) => id !== message.sender_id);
    const users = (others.length > 0 ? others : [message.sender_id]).flatMap((id) => ctx.db.get('users', id) ?? []);
    content = `You requested a reminder for the following direct message${noted}`;
    place = `to ${listOfNames(users.map((user) => silentMention(user)))}`;
  }
  content += '\n\n';
  if (message.content.startsWith('/poll')) return `${content}${who} [sent](${url}) a poll ${place}.`;
  if (message.content.startsWith('/todo')) return `${content}${who} [sent](${url}) a todo list ${place}.`;
  content += `${who} [said](${url}) ${place}:\n`;
  const fence = unusedFence(content);
  const room = MAX_MESSAGE_LENGTH - [...`${content}${fence}quote\n\n${fence}`].length;
  return `${content}${fence}quote\n${truncateContent(message.content, room)}\n${fence}`;
}

/** The note of a request: trailing blanks and leading newlines dropped, at most 1000 characters. */
function normalizeNote(note: string | undefined): string | undefined {
  if (note === undefined) return undefined;
  const trimmed = note.trimEnd().replace(/^\n+/, '');
  if ([...trimmed].length > MAX_REMINDER_NOTE_LENGTH)
    throw new ApiError('BAD_REQUEST', `Maximum reminder note length: ${MAX_REMINDER_NOTE_LENGTH} characters`);
  return trimmed;
}

/** GET /reminders: the caller's undelivered reminders (failed ones included), soonest first. */
export function listReminders(_params: OperationParams<'reminders.list'>, ctx: UserContext) {
  return { reminders: remindersOf(ctx, ctx.user.id) };
}

/**
 * POST /reminders: schedules a reminder about a message the caller can read; the job that
 * sends scheduled messages sends it, from the Notification Bot to the caller, when its time
 * comes on the server's clock. Event `reminders` `add`.
 */
export function createReminder(params: OperationParams<'reminders.create'>, ctx: UserContext) {
  if (params.scheduled_delivery_timestamp <= ctx.now() / 1000)
    throw new ApiError('BAD_REQUEST', 'Scheduled delivery time must be in the future.');
  const message = accessMessage(ctx, ctx.user, params.message_id);
  const content = reminderContent(ctx, message, normalizeNote(params.note));
  const row = ctx.db.put('scheduled_messages', {
    id: ctx.db.nextId('scheduled_messages'),
    sender_id: ctx.user.id,
    type: 'private',
    to: [ctx.user.id],
    topic: '',
    content,
    rendered_content: renderMessage(ctx, content, { sender: ctx.user }).html,
    scheduled_delivery_timestamp: params.scheduled_delivery_timestamp,
    read_by_sender: false,
    failed: false,
    reminder_target_message_id: message.id,
  });
  emit(ctx, [ctx.user.id], { type: 'reminders', op: 'add', reminders: [formatReminder(row)] });
  return { reminder_id: row.id };
}

/** Removes a reminder from the schedule (deleted, or sent): event `reminders` `remove`. */
export function dropReminder(
  ctx: Pick<Context, 'db' | 'events' | 'realm'>,
  row: ScheduledMessageRecord,
  sender: Pick<UserRecord, 'id'>,
): void {
  ctx.db.delete('scheduled_messages', row.id);
  emit(ctx, [sender.id], { type: 'reminders', op: 'remove', reminder_id: row.id });
}

/** DELETE /reminders/{reminder_id}: cancels one of the caller's reminders; event `reminders` `remove`. */
export function deleteReminder(params: OperationParams<'reminders.remove'>, ctx: UserContext) {
  const row = ctx.db.get('scheduled_messages', params.reminder_id);
  if (!row || row.sender_id !== ctx.user.id || !isReminder(row))
    throw new ApiError('BAD_REQUEST', 'Reminder does not exist', { status: 404 });
  dropReminder(ctx, row, ctx.user);
  return {};
}
