import { ApiError } from '@teamchat/schema';
import type { ModelContext } from './model-context.js';
import type { UserRecord } from './records/users.js';
import type { MessageRecord } from './records/messages.js';
import { canReadChannelHistory } from './channel-history.js';
import { hasMessageRow } from './message-flags.js';

type Ctx = Pick<ModelContext, 'db' | 'indexes' | 'realm' | 'now'>;

/**
 * Whether `user` may read `message`: anyone who received it (or touched it later); for
 * channel messages also whoever may read the channel's history (see
 * {@link canReadChannelHistory}) — web-public channels for everyone, public channels for
 * non-guests and subscribed guests, private channels with shared history for their
 * subscribers; protected history only from the subscription on (received messages). Direct
 * messages only for their participants.
 */
export function canAccessMessage(ctx: Ctx, user: UserRecord | null, message: MessageRecord): boolean {
  if (user && hasMessageRow(ctx, message.id, user.id)) return true;
  if (message.stream_id === null) return false;
  const channel = ctx.db.get('channels', message.stream_id);
  return channel !== undefined && canReadChannelHistory(ctx, user, channel);
}

/**
 * The message `id` if `user` may read it; otherwise `Invalid message(s)`, the same answer as
 * for a message that does not exist.
 */
export function accessMessage(ctx: Ctx, user: UserRecord | null, id: number): MessageRecord {
  const message = ctx.db.get('messages', id);
  if (!message || !canAccessMessage(ctx, user, message)) throw new ApiError('BAD_REQUEST', 'Invalid message(s)');
  return message;
}
