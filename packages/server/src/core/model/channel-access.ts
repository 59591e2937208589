import { ApiError } from '@teamchat/schema';
import type { ModelContext } from './model-context.js';
import type { ChannelRecord } from './records/channels.js';
import type { UserRecord } from './records/users.js';
import { hasPermission } from './has-permission.js';
import { isAdmin, isGuest } from './roles.js';

type Ctx = Pick<ModelContext, 'db' | 'realm' | 'now' | 'indexes'>;

/** Whether `user` is an active subscriber of `channel`. */
export function isSubscribed(ctx: Pick<ModelContext, 'indexes'>, user: UserRecord, channel: ChannelRecord): boolean {
  return ctx.indexes.subscriptionsByUser.get(user.id)?.has(channel.id) === true;
}

/**
 * Content access (reading messages and topics): web-public channels for everyone; public
 * channels for non-guests; subscribers; for private channels also members of
 * `can_add_subscribers_group` or `can_subscribe_group` (never guests).
 *
 * @see https://zulip.com/api/get-streams
 */
export function hasContentAccess(ctx: Ctx, user: UserRecord | null, channel: ChannelRecord): boolean {
  if (channel.is_web_public) return true;
  if (!user) return false;
  if (isSubscribed(ctx, user, channel)) return true;
  if (isGuest(user)) return false;
  if (!channel.invite_only) return true;
  return (
    hasPermission(ctx, user, { channel }, 'can_add_subscribers_group') ||
    hasPermission(ctx, user, { channel }, 'can_subscribe_group')
  );
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
 * The channel `streamId` if `user` may see its content (or, with `metadataOnly`, the channel
 * itself); otherwise `Invalid channel ID`, the same error as for a channel that does not exist.
 */
export function accessChannelById(
  ctx: Ctx,
  user: UserRecord | null,
  streamId: number,
  { allowArchived = false, metadataOnly = false } = {},
): ChannelRecord {
  const channel = ctx.db.get('channels', streamId);
  const canSee = (c: ChannelRecord) =>
    metadataOnly ? hasMetadataAccess(ctx, user, c) : hasContentAccess(ctx, user, c);
  if (!channel || (!allowArchived && channel.is_archived) || !canSee(channel)) {
    throw new ApiError('BAD_REQUEST', 'Invalid channel ID');
  }
  return channel;
}

/**
 * Administering (PATCH, archive): organization administrators and members of the channel's
 * `can_administer_channel_group` (never guests).
 *
 * @see https://zulip.com/api/get-streams
 */
export function canAdministerChannel(ctx: Ctx, user: UserRecord, channel: ChannelRecord): boolean {
  if (isGuest(user)) return false;
  return isAdmin(user) || hasPermission(ctx, user, { channel }, 'can_administer_channel_group');
}

/**
 * The channel `streamId` for PATCH and DELETE /streams/{id} (archived ones included):
 * administrators of it get it; others with content access `CANNOT_ADMINISTER_CHANNEL`;
 * everyone else `Invalid channel ID`, as for a channel that does not exist.
 */
export function accessChannelForUpdate(ctx: Ctx, user: UserRecord, streamId: number): ChannelRecord {
  const channel = ctx.db.get('channels', streamId);
  if (!channel) throw new ApiError('BAD_REQUEST', 'Invalid channel ID');
  if (canAdministerChannel(ctx, user, channel)) return channel;
  if (hasContentAccess(ctx, user, channel)) {
    throw new ApiError('CANNOT_ADMINISTER_CHANNEL', 'You do not have permission to administer this channel.');
  }
  throw new ApiError('BAD_REQUEST', 'Invalid channel ID');
}

/**
 * Whether `user` may subscribe other users to `channel`: its administrators, members of its
 * `can_add_subscribers_group`, and members of the organization's `can_add_subscribers_group`
 * for channels they can read.
 *
 * @see https://zulip.com/api/create-channel
 */
export function canAddSubscribers(ctx: Ctx, user: UserRecord, channel: ChannelRecord): boolean {
  if (canAdministerChannel(ctx, user, channel)) return true;
  if (hasPermission(ctx, user, { channel }, 'can_add_subscribers_group')) return true;
  // The organization-wide permission reaches every channel the user can read (the real
  // server's `can_subscribe_others_to_all_accessible_streams`).
  return (
    hasContentAccess(ctx, user, channel) && hasPermission(ctx, user, { realm: ctx.realm }, 'can_add_subscribers_group')
  );
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
function activeSubscribers(ctx: Pick<ModelContext, 'db' | 'indexes'>, channelId: number): number[] {
  // A plain loop into an array: every channel message asks.
  const ids: number[] = [];
  for (const userId of ctx.indexes.subscribersByChannel.get(channelId) ?? []) {
    if (ctx.db.get('users', userId)?.is_active === true) ids.push(userId);
  }
  return ids;
}

/** IDs of the active users subscribed to the channel `channelId`, ascending. */
export function activeSubscriberIds(ctx: Pick<ModelContext, 'db' | 'indexes'>, channelId: number): number[] {
  return activeSubscribers(ctx, channelId).sort((a, b) => a - b);
}

/** Number of active users subscribed to the channel `channelId` (see {@link activeSubscriberIds}). */
export function activeSubscriberCount(ctx: Pick<ModelContext, 'db' | 'indexes'>, channelId: number): number {
  return activeSubscribers(ctx, channelId).length;
}
