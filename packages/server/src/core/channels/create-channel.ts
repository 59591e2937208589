import { ApiError, CHANNEL_GROUP_SETTINGS, endpoints, type EndpointParams, type GroupSettingValue } from '@teamchat/schema';
import type { UserContext } from '../context.js';
import type { ChannelRecord, UserRecord } from '../db.js';
import { emit } from '../events/emit.js';
import { implement } from '../implement.js';
import { renderMarkdown } from '../markdown/render-markdown.js';
import { CHANNEL_GROUP_SETTING_CONFIGS, REALM_GROUP_SETTING_CONFIGS } from '../permissions/group-setting-configs.js';
import { defaultGroupSettingValue, parseGroupSettingValue } from '../permissions/group-setting-value.js';
import { userInSetting } from '../permissions/membership.js';
import { isAdmin, isOwner } from '../permissions/roles.js';
import { addSubscriptions } from './add-subscriptions.js';
import { postNewChannelNotices } from './channel-notices.js';
import { usersWithMetadataAccess } from './channel-access.js';
import { checkChannelDescription, checkChannelName } from './channel-name.js';
import { formatChannel } from './format-channel.js';

type Params = EndpointParams<(typeof endpoints)['channels.create']>;

/** Days, `realm_default` (null) or `unlimited`/`forever` (-1) → the stored value. */
function retentionDays(value: Params['message_retention_days']): number | null {
  if (value === undefined || value === 'realm_default') return null;
  if (value === 'unlimited' || value === 'forever') return -1;
  if (value <= 0) throw new ApiError('BAD_REQUEST', `Bad value for 'message_retention_days': ${value}`, { extra: { var_name: 'message_retention_days' } });
  return value;
}

function checkCreatePermission(ctx: UserContext, params: Params): void {
  const realmGroups = ctx.realm.groups;
  if (params.is_web_public) {
    if (!ctx.config.webPublicStreamsEnabled || !ctx.realm.enable_spectator_access) {
      throw new ApiError('BAD_REQUEST', 'Web-public channels are not enabled.');
    }
    if (!userInSetting(ctx, ctx.user, realmGroups.can_create_web_public_channel_group, false)) {
      throw new ApiError('BAD_REQUEST', 'Insufficient permission');
    }
    return;
  }
  const setting = params.invite_only ? realmGroups.can_create_private_channel_group : realmGroups.can_create_public_channel_group;
  if (!userInSetting(ctx, ctx.user, setting, false)) throw new ApiError('BAD_REQUEST', 'Insufficient permission');
}

function subscribersOf(ctx: UserContext, ids: readonly number[]): UserRecord[] {
  const users: UserRecord[] = [];
  for (const id of new Set(ids)) {
    const user = ctx.db.get('users', id);
    if (!user || !user.is_active) throw new ApiError('BAD_REQUEST', `Invalid user ID: ${id}`);
    users.push(user);
  }
  if (users.some((user) => user.id !== ctx.user.id) && !userInSetting(ctx, ctx.user, ctx.realm.groups.can_add_subscribers_group, REALM_GROUP_SETTING_CONFIGS.can_add_subscribers_group.allowEveryone)) {
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
  if (topicsPolicy !== 'inherit' && !userInSetting(ctx, ctx.user, ctx.realm.groups.can_set_topics_policy_group, false)) {
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  }
  if (params.folder_id !== undefined) throw new ApiError('BAD_REQUEST', 'Invalid channel folder ID');
  if (ctx.indexes.channelsByName.has(name.toLowerCase())) throw new ApiError('BAD_REQUEST', `Channel '${name}' already exists`, { extra: { var_name: 'name' } });
  const subscribers = subscribersOf(ctx, params.subscribers);

  const groups = {} as Record<(typeof CHANNEL_GROUP_SETTINGS)[number], GroupSettingValue>;
  for (const setting of CHANNEL_GROUP_SETTINGS) {
    const config = CHANNEL_GROUP_SETTING_CONFIGS[setting];
    const given = params[setting];
    groups[setting] = given === undefined ? defaultGroupSettingValue(ctx, config, ctx.user.id) : parseGroupSettingValue(ctx, setting, given, config);
  }

  const id = ctx.db.nextId('channels');
  const recipientId = ctx.db.nextId('recipients');
  ctx.db.put('recipients', { id: recipientId, type: 'stream', type_id: id });
  const channel: ChannelRecord = ctx.db.put('channels', {
    id,
    name,
    description,
    rendered_description: renderMarkdown(description).html,
    date_created: Math.floor(ctx.now() / 1000),
    creator_id: ctx.user.id,
    invite_only: params.invite_only,
    is_web_public: params.is_web_public,
    // Public channels always share history; private ones share it unless told otherwise.
    history_public_to_subscribers: params.invite_only ? (params.history_public_to_subscribers ?? false) : true,
    message_retention_days: retention,
    topics_policy: topicsPolicy,
    first_message_id: null,
    folder_id: null,
    is_archived: false,
    is_default: params.is_default_stream,
    recipient_id: recipientId,
    groups,
  });
  // Everyone who can see the new channel learns of it; subscribers who only gain access by
  // subscribing (private channels, guests) get theirs from addSubscriptions.
  const viewers = usersWithMetadataAccess(ctx, channel);
  emit(ctx, viewers.map((user) => user.id), { type: 'stream', op: 'create', streams: [formatChannel(ctx, channel)] });
  addSubscriptions(ctx, [channel], subscribers);
  postNewChannelNotices(ctx, ctx.db.get('channels', id) ?? channel, params.announce);
  return { id };
});
