import { hasContentAccess, isSubscribed } from './channel-access.js';
import type { ModelContext } from './model-context.js';
import type { ChannelRecord } from './records/channels.js';
import type { UserRecord } from './records/users.js';
import { isGuest } from './roles.js';

type Ctx = Pick<ModelContext, 'db' | 'indexes' | 'realm' | 'now'>;

/**
 * Whether `user` may read the whole history of `channel`, including messages sent before they
 * subscribed: web-public channels; channels whose history is public to subscribers, for
 * whoever may read their content (subscribers only for private channels and for guests).
 * Protected history (`history_public_to_subscribers` false) is never readable this way: only
 * received messages are. The same rule as {@link canAccessMessage} for channel messages.
 *
 * @see https://zulip.com/api/get-messages (history access)
 */
export function canReadChannelHistory(ctx: Ctx, user: UserRecord | null, channel: ChannelRecord): boolean {
  if (channel.is_web_public) return true;
  if (!user || !channel.history_public_to_subscribers) return false;
  if (channel.invite_only || isGuest(user)) return isSubscribed(ctx, user, channel);
  return hasContentAccess(ctx, user, channel);
}
