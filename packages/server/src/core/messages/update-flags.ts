import { ApiError } from '@teamchat/schema';
import { isSubscribed } from '../model/channel-access.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { emit } from '../events/emit.js';
import { participantsOf } from '../model/direct-message-groups.js';
import { accessMessage } from '../model/message-access.js';
import { changeUserFlags, NO_ROW_BITS } from '../model/message-flags.js';
import { FLAG_BITS, MENTION_MASK, type MessageRecord, type StoredFlag } from '../model/records/messages.js';

/** Flags users may set and clear. */
const EDITABLE: ReadonlySet<string> = new Set(['read', 'starred', 'collapsed']);
/** Every flag name of the API (the others are set by the server). */
const KNOWN: ReadonlySet<string> = new Set([
  ...Object.keys(FLAG_BITS),
  'wildcard_mentioned',
  'force_expand',
  'force_collapse',
  'group_mentioned',
]);

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

/**
 * The `message_details` of messages marked unread, from the user's bits for them: built only
 * when a queue takes the event (most flag changes reach none), from what is read here (the
 * participants of direct messages), never from the store after the commit.
 */
function messageDetailsOf(
  ctx: UserContext,
  user: UserRecord,
  messages: readonly MessageRecord[],
  bits: readonly number[],
): () => Record<string, unknown> {
  const others = new Map<number, number[]>();
  for (const message of messages) {
    if (message.type === 'private')
      others.set(
        message.id,
        participantsOf(ctx, message).filter((id) => id !== user.id),
      );
  }
  return () => {
    const details: Record<string, unknown> = {};
    messages.forEach((message, i) => {
      const entry: Record<string, unknown> =
        message.type === 'private'
          ? { type: 'private', user_ids: others.get(message.id) }
          : { type: 'stream', stream_id: message.stream_id, topic: message.topic };
      if (((bits[i] as number) & MENTION_MASK) !== 0) entry['mentioned'] = true;
      details[String(message.id)] = entry;
    });
    return details;
  };
}

/** Whether the messages' IDs rise strictly (no duplicates). */
function isStrictlyAscending(messages: readonly MessageRecord[]): boolean {
  for (let i = 1; i < messages.length; i += 1)
    if ((messages[i] as MessageRecord).id <= (messages[i - 1] as MessageRecord).id) return false;
  return true;
}

/**
 * Sets or clears `flag` of `user` on `messages` (already access-checked), as one store
 * operation. Messages the user never received get a row flagged `historical`; `read`/`remove`
 * skips messages of channels the user is not subscribed to. Emits `update_message_flags` to
 * the user.
 */
export function changeFlag(
  ctx: UserContext<'hooks' | 'jobs'>,
  user: UserRecord,
  messages: readonly MessageRecord[],
  flag: StoredFlag,
  op: 'add' | 'remove',
): FlagChange {
  const bit = FLAG_BITS[flag];
  const changed: MessageRecord[] = [];
  /** The bits each changed message had (the mention bits are the same after the change). */
  const changedBits: number[] = [];
  const ignored = new Set<number>();
  const subscribed = new Map<number, boolean>();
  const rows = ctx.db.rows.of(user.id);
  // Narrows give ascending IDs: then duplicates are neighbours, and the user's rows are read
  // by one walk from the first ID instead of a search per message.
  const ascending = isStrictlyAscending(messages);
  const seen = ascending ? null : new Set<number>();
  let position = ascending && messages.length > 0 ? rows.lowerBound((messages[0] as MessageRecord).id) : 0;
  const ids = ascending ? rows.ids() : null;
  const bitsOf = (id: number): number | undefined => {
    if (!ids) return rows.get(id);
    while (position < ids.length && (ids[position] as number) < id) position += 1;
    return position < ids.length && ids[position] === id ? rows.bitsAt(position) : undefined;
  };
  for (const message of messages) {
    if (seen) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
    }
    if (flag === 'read' && op === 'remove' && message.stream_id !== null) {
      let isMember = subscribed.get(message.stream_id);
      if (isMember === undefined) {
        const channel = ctx.db.get('channels', message.stream_id);
        isMember = !channel || isSubscribed(ctx, user, channel);
        subscribed.set(message.stream_id, isMember);
      }
      if (!isMember) {
        ignored.add(message.stream_id);
        continue;
      }
    }
    // A message the user never received reads as `read` + `historical`; changing a flag on it
    // gives the user a row with those bits.
    const before = bitsOf(message.id) ?? NO_ROW_BITS;
    const after = op === 'add' ? before | bit : before & ~bit;
    if (after !== before) {
      changed.push(message);
      changedBits.push(before);
    }
  }
  const changedIds = changed.map((m) => m.id);
  if (!ascending) changedIds.sort((a, b) => a - b);
  changeUserFlags(
    ctx,
    user.id,
    changedIds,
    op === 'add' ? { set: bit, create: NO_ROW_BITS } : { clear: bit, create: NO_ROW_BITS },
  );
  if (changedIds.length > 0) {
    const event: Record<string, unknown> & { type: string } = {
      type: 'update_message_flags',
      op,
      operation: op,
      flag,
      messages: changedIds,
      all: false,
    };
    if (flag === 'read' && op === 'remove') {
      const details = messageDetailsOf(ctx, user, changed, changedBits);
      let shaped: (Record<string, unknown> & { type: string }) | null = null;
      // One event for every queue of the user, made when the first one takes it.
      emit(ctx, [user.id], () => (shaped ??= { ...event, message_details: details() }));
    } else {
      emit(ctx, [user.id], event);
    }
    // Push notifications of messages read here are removed from the user's devices.
    if (flag === 'read' && op === 'add') for (const hook of ctx.hooks.read) hook(ctx, user.id, changedIds);
  }
  return { changed: changedIds, ignoredChannels: [...ignored].sort((a, b) => a - b) };
}

/**
 * POST /messages/flags: adds or removes a personal flag on messages given by ID (all must be
 * readable by the caller).
 *
 * @see https://zulip.com/api/update-message-flags
 */
export function updateFlags(params: OperationParams<'messages.updateFlags'>, ctx: UserContext<'hooks' | 'jobs'>) {
  const flag = editableFlag(params.flag);
  const messages = params.messages.map((id) => accessMessage(ctx, ctx.user, id));
  const { ignoredChannels } = changeFlag(ctx, ctx.user, messages, flag, params.op);
  return {
    messages: params.messages,
    ...(flag === 'read' && params.op === 'remove' ? { ignored_because_not_subscribed_channels: ignoredChannels } : {}),
  };
}
