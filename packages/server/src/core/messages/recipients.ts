import { ApiError } from '@teamchat/schema';
import { hasMetadataAccess, isSubscribed } from '../model/channel-access.js';
import type { Context, OperationParams } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { hasPermission } from '../model/has-permission.js';
import { isGuest } from '../model/roles.js';
import { userByEmail } from '../model/user-by-email.js';
import { channelByName } from '../model/channel-name.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'now' | 'config'>;
type To = OperationParams<'messages.send'>['to'];

/**
 * The channel a message is addressed to (name or ID). A channel the sender cannot see is
 * answered like one that does not exist.
 */
export function resolveChannel(ctx: Ctx, sender: UserRecord, to: To): ChannelRecord {
  const target = Array.isArray(to) && to.length === 1 ? to[0] : to;
  let channel: ChannelRecord | undefined;
  if (typeof target === 'number') {
    channel = ctx.db.get('channels', target);
    if (!channel || !hasMetadataAccess(ctx, sender, channel)) {
      throw new ApiError('STREAM_DOES_NOT_EXIST', `Channel with ID '${target}' does not exist`, {
        extra: { stream_id: target },
      });
    }
    return channel;
  }
  if (typeof target !== 'string') throw new ApiError('BAD_REQUEST', 'Invalid channel recipient');
  const name = target.trim();
  channel = channelByName(ctx, name);
  if (!channel || !hasMetadataAccess(ctx, sender, channel)) {
    throw new ApiError('STREAM_DOES_NOT_EXIST', `Channel '${name}' does not exist`, { extra: { stream: name } });
  }
  return channel;
}

/**
 * Refuses a sender who may not post in `channel`: archived channels, private channels
 * they are not subscribed to (a bot may post where its owner is subscribed), public ones for
 * unsubscribed guests, and anyone outside the channel's `can_send_message_group`.
 */
export function checkCanPost(ctx: Ctx, sender: UserRecord, channel: ChannelRecord): void {
  const owner = sender.is_bot && sender.bot_owner_id !== null ? ctx.db.get('users', sender.bot_owner_id) : undefined;
  const subscribed = isSubscribed(ctx, sender, channel) || (owner !== undefined && isSubscribed(ctx, owner, channel));
  if (channel.is_archived || ((channel.invite_only || isGuest(sender)) && !subscribed)) {
    throw new ApiError('BAD_REQUEST', `Not authorized to send to channel '${channel.name}'`);
  }
  if (!hasPermission(ctx, sender, { channel }, 'can_send_message_group')) {
    throw new ApiError('BAD_REQUEST', 'You do not have permission to post in this channel.');
  }
}

/** Any address of a user names it as a direct-message recipient: the real one, the dummy one. */
const RECIPIENT_ADDRESSES = { realAddress: true, anyDummyAddress: true } as const;

/**
 * The participants of a direct message (sender included, ascending): `to` lists user IDs,
 * emails (real or dummy), or (legacy) a comma-separated email string.
 */
export function resolveDirectRecipients(ctx: Ctx, sender: UserRecord, to: To): UserRecord[] {
  const list: (string | number)[] = Array.isArray(to)
    ? to
    : typeof to === 'number'
      ? [to]
      : to.split(',').filter((s) => s.trim() !== '');
  if (list.length === 0) throw new ApiError('BAD_REQUEST', 'Message must have recipients');
  const users = new Map<number, UserRecord>([[sender.id, sender]]);
  for (const entry of list) {
    const user = typeof entry === 'number' ? ctx.db.get('users', entry) : userByEmail(ctx, entry, RECIPIENT_ADDRESSES);
    if (!user) {
      throw new ApiError(
        'BAD_REQUEST',
        typeof entry === 'number' ? `Invalid user ID ${entry}` : `Invalid email '${entry}'`,
      );
    }
    if (!user.is_active) throw new ApiError('BAD_REQUEST', `'${user.email}' is no longer using Zulip.`);
    users.set(user.id, user);
  }
  const participants = [...users.values()].sort((a, b) => a.id - b.id);
  if (
    participants.length > 1 &&
    !participants.some(
      (user) => user.is_bot || hasPermission(ctx, user, { realm: ctx.realm }, 'direct_message_permission_group'),
    )
  ) {
    throw new ApiError('BAD_REQUEST', 'You do not have permission to send direct messages to these users.');
  }
  return participants;
}
