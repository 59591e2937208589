import { ApiError } from '@teamchat/schema';
import type { Context } from '../context.js';
import type { ChannelRecord, UserRecord } from '../db.js';
import { hasPermission } from '../permissions/has-permission.js';
import { isAdmin, isGuest } from '../permissions/roles.js';

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
  if (isGuest(user)) return false;
  if (!channel.invite_only) return true;
  return hasPermission(ctx, user, { channel }, 'can_add_subscribers_group') || hasPermission(ctx, user, { channel }, 'can_subscribe_group');
}

/**
 * Metadata access (seeing the channel, its name, description and settings): content access,
 * organization administrators, and members of the channel's administer/add/subscribe groups.
 */
export function hasMetadataAccess(ctx: Ctx, user: UserRecord | null, channel: ChannelRecord): boolean {
  if (hasContentAccess(ctx, user, channel)) return true;
  if (!user || isGuest(user)) return false;
  if (isAdmin(user)) return true;
  return (
    hasPermission(ctx, user, { channel }, 'can_administer_channel_group') ||
    hasPermission(ctx, user, { channel }, 'can_add_subscribers_group') ||
    hasPermission(ctx, user, { channel }, 'can_subscribe_group')
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

/**
 * The subscribers of a channel: the one definition behind message recipients, `subscribers`
 * lists, `subscriber_count` and the wildcard-mention threshold. Deactivated users keep their
 * subscriptions (they come back on reactivation) but are not subscribers meanwhile.
 */
function* activeSubscribers(ctx: Pick<Context, 'db' | 'indexes'>, channelId: number): Generator<number, void, undefined> {
  for (const userId of ctx.indexes.subscribersByChannel.get(channelId) ?? []) {
    if (ctx.db.get('users', userId)?.is_active === true) yield userId;
  }
}

/** IDs of the active users subscribed to the channel `channelId`, ascending. */
export function activeSubscriberIds(ctx: Pick<Context, 'db' | 'indexes'>, channelId: number): number[] {
  return [...activeSubscribers(ctx, channelId)].sort((a, b) => a - b);
}

/** Number of active users subscribed to the channel `channelId` (see {@link activeSubscriberIds}). */
export function activeSubscriberCount(ctx: Pick<Context, 'db' | 'indexes'>, channelId: number): number {
  let count = 0;
  for (const _userId of activeSubscribers(ctx, channelId)) count += 1;
  return count;
}
