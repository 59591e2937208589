import { ApiError } from '@teamchat/schema';
import type { ChannelRecord } from '../model/records/channels.js';
import { isAdmin, isGuest } from '../model/roles.js';
import { hasContentAccess, hasMetadataAccess, isSubscribed } from '../model/channel-access.js';
import { formatChannel } from './format-channel.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /streams: the union of the channel sets the `include_*` flags select, archived ones
 * left out unless `exclude_archived` is false; guests never get public channels they are
 * not subscribed to.
 *
 * @see https://zulip.com/api/get-streams
 */
export function listChannels(params: OperationParams<'channels.list'>, ctx: UserContext) {
  const user = ctx.user;
  const guest = isGuest(user);
  if (params.include_all_active && !isAdmin(user)) {
    throw new ApiError('BAD_REQUEST', 'User not authorized for this query');
  }
  const includeAll = params.include_all || params.include_all_active;
  const owner = user.is_bot && user.bot_owner_id !== null ? ctx.db.get('users', user.bot_owner_id) : undefined;
  const selected: ChannelRecord[] = [];
  for (const channel of ctx.db.all('channels')) {
    if (params.exclude_archived && channel.is_archived) continue;
    const include =
      (includeAll && hasMetadataAccess(ctx, user, channel)) ||
      (params.include_public && !guest && !channel.invite_only) ||
      (params.include_web_public && channel.is_web_public) ||
      (params.include_subscribed && isSubscribed(ctx, user, channel)) ||
      (params.include_default && channel.is_default && !guest) ||
      (params.include_owner_subscribed && owner !== undefined && isSubscribed(ctx, owner, channel)) ||
      (params.include_can_access_content && hasContentAccess(ctx, user, channel));
    if (include) selected.push(channel);
  }
  // The real server sorts by name as Python compares strings: by code point.
  selected.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  return {
    streams: selected.map((channel) => formatChannel(ctx, channel, { includeDefault: params.include_default })),
  };
}
