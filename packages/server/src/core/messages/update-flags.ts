import { ApiError } from '@teamchat/schema';
import { isSubscribed } from '../model/channel-access.js';
import type { OperationParams, UserContext } from '../model/context.js';
import type { UserRecord } from '../model/db.js';
import { emit } from '../events/emit.js';
import { participantsOf } from '../model/direct-message-groups.js';
import { accessMessage } from '../model/message-access.js';
import { FLAG_BITS, MENTION_MASK, type MessageRecord, type StoredFlag } from '../model/message-record.js';

/** Flags users may set and clear. */
const EDITABLE: ReadonlySet<string> = new Set(['read', 'starred', 'collapsed']);
/** Every flag name of the API (the others are set by the server). */
const KNOWN: ReadonlySet<string> = new Set([...Object.keys(FLAG_BITS), 'wildcard_mentioned', 'force_expand', 'force_collapse', 'group_mentioned']);

/** Checks a flag name for the flags endpoints, with the real server's messages. */
export function editableFlag(flag: string): StoredFlag {
  if (!KNOWN.has(flag)) throw new ApiError('BAD_REQUEST', `Invalid flag: '${flag}'`);
  if (!EDITABLE.has(flag)) throw new ApiError('BAD_REQUEST', `Flag not editable: '${flag}'`);
  return flag as StoredFlag;
}

/** The outcome of a flag change. */
export interface FlagChange {
  /** Messages whose flag actually changed. */
  changed: number[];
  /** Channels skipped by `read`/`remove` because the user is not subscribed (sorted). */
  ignoredChannels: number[];
}

function messageDetails(ctx: UserContext, user: UserRecord, message: MessageRecord): Record<string, unknown> {
  const bits = message.user_flags[String(user.id)] ?? 0;
  const mentioned = (bits & MENTION_MASK) !== 0;
  const details: Record<string, unknown> =
    message.type === 'private'
      ? { type: 'private', user_ids: participantsOf(ctx, message).filter((id) => id !== user.id) }
      : { type: 'stream', stream_id: message.stream_id, topic: message.topic };
  if (mentioned) details['mentioned'] = true;
  return details;
}

/**
 * Sets or clears `flag` of `user` on `messages` (already access-checked). Messages the user
 * never received get a row flagged `historical`; `read`/`remove` skips messages of channels
 * the user is not subscribed to. Emits `update_message_flags` to the user.
 */
export function changeFlag(ctx: UserContext, user: UserRecord, messages: readonly MessageRecord[], flag: StoredFlag, op: 'add' | 'remove'): FlagChange {
  const bit = FLAG_BITS[flag];
  const changed: MessageRecord[] = [];
  const ignored = new Set<number>();
  for (const message of messages) {
    if (flag === 'read' && op === 'remove' && message.stream_id !== null) {
      const channel = ctx.db.get('channels', message.stream_id);
      if (channel && !isSubscribed(ctx, user, channel)) {
        ignored.add(channel.id);
        continue;
      }
    }
    const key = String(user.id);
    // A message the user never received reads as `read` + `historical`; changing a flag on it
    // gives the user a row with those bits.
    const before = message.user_flags[key] ?? FLAG_BITS.historical | FLAG_BITS.read;
    const after = op === 'add' ? before | bit : before & ~bit;
    if (after === before) continue;
    changed.push(ctx.db.patch('messages', message.id, { user_flags: { ...message.user_flags, [key]: after } }));
  }
  const changedIds = changed.map((m) => m.id).sort((a, b) => a - b);
  if (changedIds.length > 0) {
    const event: Record<string, unknown> & { type: string } = { type: 'update_message_flags', op, operation: op, flag, messages: changedIds, all: false };
    if (flag === 'read' && op === 'remove') {
      event['message_details'] = Object.fromEntries(changed.map((m) => [String(m.id), messageDetails(ctx, user, m)]));
    }
    emit(ctx, [user.id], event);
    // Push notifications of messages read here are removed from the user's devices.
    if (flag === 'read' && op === 'add') for (const hook of ctx.hooks.read) hook(ctx, user.id, changedIds);
  }
  return { changed: changedIds, ignoredChannels: [...ignored].sort((a, b) => a - b) };
}

/**
 * POST /messages/flags: adds or removes a personal flag on messages given by ID (all must be
 * readable by the caller).
 *
 * @see shared/reference/messages-and-events.md §10
 */
export function updateFlags(params: OperationParams<'messages.updateFlags'>, ctx: UserContext) {
  const flag = editableFlag(params.flag);
  const messages = params.messages.map((id) => accessMessage(ctx, ctx.user, id));
  const { ignoredChannels } = changeFlag(ctx, ctx.user, messages, flag, params.op);
  return {
    messages: params.messages,
    ...(flag === 'read' && params.op === 'remove' ? { ignored_because_not_subscribed_channels: ignoredChannels } : {}),
  };
}
