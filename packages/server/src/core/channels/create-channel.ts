import { ApiError, CHANNEL_GROUP_SETTINGS, endpoints, type EndpointParams } from '@teamchat/schema';
import type { UserContext } from '../context.js';
import type { ChannelRecord, UserRecord } from '../db.js';
import { emit } from '../events/emit.js';
import { implement } from '../implement.js';
import { CHANNEL_GROUP_SETTING_CONFIGS } from '../permissions/group-setting-configs.js';
import { parseGroupSettingValue } from '../permissions/group-setting-value.js';
import { hasPermission } from '../permissions/has-permission.js';
import { isAdmin, isOwner } from '../permissions/roles.js';
import { isWebPublicAccessEnabled } from '../realm/web-public-access.js';
import { addSubscriptions } from './add-subscriptions.js';
import { postNewChannelNotices } from './channel-notices.js';
import { usersWithMetadataAccess } from './channel-access.js';
import { checkChannelDescription, checkChannelName } from './channel-name.js';
import { formatChannel } from './format-channel.js';
import { insertChannel } from './insert-channel.js';

type Params = EndpointParams<(typeof endpoints)['channels.create']>;

/** Days, `realm_default` (null) or `unlimited`/`forever` (-1) → the stored value. */
function retentionDays(value: Params['message_retention_days']): number | null {
  if (value === undefined || value === 'realm_default') return null;
  if (value === 'unlimited' || value === 'forever') return -1;
  if (value <= 0) throw new ApiError('BAD_REQUEST', `Bad value for 'message_retention_days': ${value}`, { extra: { var_name: 'message_retention_days' } });
  return value;
}

function checkCreatePermission(ctx: UserContext, params: Params): void {
  const realm = { realm: ctx.realm };
  if (params.is_web_public) {
    if (!isWebPublicAccessEnabled(ctx)) throw new ApiError('BAD_REQUEST', 'Web-public channels are not enabled.');
    if (!hasPermission(ctx, ctx.user, realm, 'can_create_web_public_channel_group')) throw new ApiError('BAD_REQUEST', 'Insufficient permission');
    return;
  }
  const setting = params.invite_only ? 'can_create_private_channel_group' : 'can_create_public_channel_group';
  if (!hasPermission(ctx, ctx.user, realm, setting)) throw new ApiError('BAD_REQUEST', 'Insufficient permission');
}

function subscribersOf(ctx: UserContext, ids: readonly number[]): UserRecord[] {
  const users: UserRecord[] = [];
  for (const id of new Set(ids)) {
    const user = ctx.db.get('users', id);
    if (!user || !user.is_active) throw new ApiError('BAD_REQUEST', `Invalid user ID: ${id}`);
    users.push(user);
  }
  if (users.some((user) => user.id !== ctx.user.id) && !hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'can_add_subscribers_group')) {
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  }
  return users;
}

/**
 * POST /channels/create (FL 417): creates a channel with the caller as creator and
 * subscribes `subscribers`. Checks the organization's create permissions, the name rules,
 * the legal combinations of privacy settings and every group-setting value.
 *
 * @see api-spec.md "Create a channel"
 */
export const createChannelImpl = implement(endpoints['channels.create'], (params, ctx) => {
  const name = checkChannelName(params.name);
  const description = checkChannelDescription(params.description ?? '');
  if (params.is_web_public && params.invite_only) throw new ApiError('BAD_REQUEST', 'Invalid parameters');
  checkCreatePermission(ctx, params);
  if (params.is_default_stream) {
    if (params.invite_only) throw new ApiError('BAD_REQUEST', 'A default channel cannot be private.');
    if (!isAdmin(ctx.user)) throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
  }
  const retention = retentionDays(params.message_retention_days);
  if (params.message_retention_days !== undefined && retention !== null && !isOwner(ctx.user)) {
    throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
  }
  const topicsPolicy = params.topics_policy ?? 'inherit';
  if (topicsPolicy !== 'inherit' && !hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'can_set_topics_policy_group')) {
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  }
  if (params.folder_id !== undefined) throw new ApiError('BAD_REQUEST', 'Invalid channel folder ID');
  if (ctx.indexes.channelsByName.has(name.toLowerCase())) throw new ApiError('BAD_REQUEST', `Channel '${name}' already exists`, { extra: { var_name: 'name' } });
  const subscribers = subscribersOf(ctx, params.subscribers);

  const groups: Partial<ChannelRecord['groups']> = {};
  for (const setting of CHANNEL_GROUP_SETTINGS) {
    const given = params[setting];
    if (given !== undefined) groups[setting] = parseGroupSettingValue(ctx, setting, given, CHANNEL_GROUP_SETTING_CONFIGS[setting]);
  }

  const channel = insertChannel(ctx, {
    name,
    description,
    creatorId: ctx.user.id,
    inviteOnly: params.invite_only,
    isWebPublic: params.is_web_public,
    // Public channels always share history; private ones share it unless told otherwise.
    historyPublicToSubscribers: params.invite_only ? (params.history_public_to_subscribers ?? false) : true,
    messageRetentionDays: retention,
    topicsPolicy,
    isDefault: params.is_default_stream,
    groups,
  });
  // Everyone who can see the new channel learns of it; subscribers who only gain access by
  // subscribing (private channels, guests) get theirs from addSubscriptions.
  const viewers = usersWithMetadataAccess(ctx, channel);
  emit(ctx, viewers.map((user) => user.id), { type: 'stream', op: 'create', streams: [formatChannel(ctx, channel)] });
  addSubscriptions(ctx, [channel], subscribers);
  postNewChannelNotices(ctx, channel, params.announce);
  return { id: channel.id };
});
