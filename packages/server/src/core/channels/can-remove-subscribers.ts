import type { Context } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { hasPermission } from '../model/has-permission.js';
import { isAdmin, isGuest } from '../model/roles.js';
import { canAdministerChannel, hasMetadataAccess } from '../model/channel-access.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'now'>;

/**
 * Whether `user` may unsubscribe other users from every one of `channels`, as the real
 * server's `bulk_can_remove_subscribers_from_streams`: organization administrators always
 * (even from channels they cannot see); guests never; otherwise the user administers every
 * channel (`can_administer_channel_group`), or sees every channel and is in the
 * `can_remove_subscribers_group` of every one. Removing oneself or one's own bots needs none
 * of this.
 *
 * @see https://zulip.com/api/get-subscriptions
 */
export function canRemoveSubscribers(ctx: Ctx, user: UserRecord, channels: readonly ChannelRecord[]): boolean {
  if (isAdmin(user)) return true;
  if (isGuest(user)) return false;
  if (channels.every((channel) => canAdministerChannel(ctx, user, channel))) return true;
  return (
    channels.every((channel) => hasMetadataAccess(ctx, user, channel)) &&
    channels.every((channel) => hasPermission(ctx, user, { channel }, 'can_remove_subscribers_group'))
  );
}
