import { ApiError } from '@teamchat/schema';
import type { Context } from '../context.js';
import type { ChannelRecord, UserRecord } from '../db.js';
import { userInSetting } from '../permissions/membership.js';
import { isAdmin } from '../permissions/roles.js';

type Ctx = Pick<Context, 'db' | 'realm' | 'now' | 'indexes'>;

/** Whether `user` is an active subscriber of `channel`. */
export function isSubscribed(ctx: Pick<Context, 'indexes'>, user: UserRecord, channel: ChannelRecord): boolean {
  return ctx.indexes.subscriptionsByUser.get(user.id)?.has(channel.id) === true;
}

/**
 * Content access (reading messages and topics): web-public channels for everyone; public
 * channels for non-guests; subscribers; for private channels also members of
 * `can_add_subscribers_group` or `can_subscribe_group` (never guests).
 *
 * @see shared/reference/users-channels-realm.md §5.3
 */
export function hasContentAccess(ctx: Ctx, user: UserRecord | null, channel: ChannelRecord): boolean {
  if (channel.is_web_public) return true;
  if (!user) return false;
  if (isSubscribed(ctx, user, channel)) return true;
  if (user.role === 600) return false;
  if (!channel.invite_only) return true;
  return (
    userInSetting(ctx, user, channel.groups.can_add_subscribers_group, false) ||
    userInSetting(ctx, user, channel.groups.can_subscribe_group, false)
  );
}

/**
 * Metadata access (seeing the channel, its name, description and settings): content access,
 * organization administrators, and members of the channel's administer/add/subscribe groups.
 */
export function hasMetadataAccess(ctx: Ctx, user: UserRecord | null, channel: ChannelRecord): boolean {
  if (hasContentAccess(ctx, user, channel)) return true;
  if (!user || user.role === 600) return false;
  if (isAdmin(user)) return true;
  return (
    userInSetting(ctx, user, channel.groups.can_administer_channel_group, false) ||
    userInSetting(ctx, user, channel.groups.can_add_subscribers_group, false) ||
    userInSetting(ctx, user, channel.groups.can_subscribe_group, false)
  );
}

/**
 * The channel `streamId` if `user` may see its content; otherwise `Invalid channel ID`, the
 * same error as for a channel that does not exist.
 */
export function accessChannelById(ctx: Ctx, user: UserRecord | null, streamId: number, { allowArchived = false } = {}): ChannelRecord {
  const channel = ctx.db.get('channels', streamId);
  if (!channel || (!allowArchived && channel.is_archived) || !hasContentAccess(ctx, user, channel)) {
    throw new ApiError('BAD_REQUEST', 'Invalid channel ID');
  }
  return channel;
}

/** Users who can see `channel` (active accounts with metadata access). */
export function usersWithMetadataAccess(ctx: Ctx, channel: ChannelRecord): UserRecord[] {
  return [...ctx.db.all('users')].filter((user) => user.is_active && hasMetadataAccess(ctx, user, channel));
}
