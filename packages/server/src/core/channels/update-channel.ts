import { ApiError, CHANNEL_GROUP_SETTINGS, type ChannelGroupSetting } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import { renderMarkdown } from '../markdown/render-markdown.js';
import { CHANNEL_GROUP_SETTING_CONFIGS } from '../model/group-setting-configs.js';
import { resolveGroupSettingUpdate } from '../model/group-setting-update.js';
import { hasPermission } from '../model/has-permission.js';
import { isAdmin, isOwner } from '../model/roles.js';
import { unarchiveChannel } from './archive-channel.js';
import { accessChannelForUpdate, hasContentAccess } from '../model/channel-access.js';
import {
  noticeDescription,
  noticeRename,
  noticeRetention,
  noticeTopicsPolicy,
} from '../messages/channel-change-notices.js';
import { emitChannelUpdate, emitDefaultChannels } from './channel-events.js';
import { checkChannelDescription, checkChannelName, checkChannelNameAvailable } from '../model/channel-name.js';
import { checkCanBeWebPublic, checkCanHavePrivacy, checkChannelFolder, parseRetentionDays } from './channel-options.js';
import { changeChannelGroupSetting } from './change-channel-group-setting.js';
import { changeChannelPrivacy } from './change-channel-privacy.js';

/** Settings that also need content access to change (they grant it). */
const NEED_CONTENT_ACCESS: readonly ChannelGroupSetting[] = ['can_add_subscribers_group', 'can_subscribe_group'];

type Params = OperationParams<'channels.update'>;

/** The privacy checks of the real server, run first on the state the request asks for. */
function checkPrivacy(ctx: UserContext, channel: ChannelRecord, params: Params) {
  const inviteOnly = params.is_private ?? channel.invite_only;
  const isWebPublic = params.is_web_public ?? channel.is_web_public;
  const isDefault = params.is_default_stream ?? channel.is_default;
  const history =
    params.history_public_to_subscribers ??
    (params.is_private !== undefined ? !params.is_private : channel.history_public_to_subscribers);
  if ((isWebPublic && (!history || inviteOnly)) || (!inviteOnly && !history))
    throw new ApiError('BAD_REQUEST', 'Invalid parameters');
  if (inviteOnly && isDefault) throw new ApiError('BAD_REQUEST', 'A default channel cannot be private.');
  if (params.is_private !== undefined) {
    if (!hasContentAccess(ctx, ctx.user, channel))
      throw new ApiError('BAD_REQUEST', 'Channel content access is required.');
    checkCanHavePrivacy(ctx, params.is_private);
  }
  if (params.is_web_public === true) checkCanBeWebPublic(ctx);
  return { inviteOnly, isWebPublic, historyPublicToSubscribers: history };
}

/** Whether every message of the channel is in the empty topic (for `empty_topic_only`). */
function onlyEmptyTopic(ctx: UserContext, channel: ChannelRecord): boolean {
  return ctx.indexes.messages.channel(channel.id).every((id) => ctx.db.get('messages', id)?.topic === '');
}

/**
 * PATCH /streams/{stream_id}: changes privacy, default status, retention, archiving
 * (`is_archived: false` unarchives), topics policy, description, name, folder and group
 * settings, in the real server's order, each with its event and Notification Bot notice.
 * Needs administering the channel (`CANNOT_ADMINISTER_CHANNEL` for readers, `Invalid channel
 * ID` for others); privacy and the settings granting access also need content access.
 *
 * @see https://zulip.com/api/update-stream
 */
export function updateChannel(params: OperationParams<'channels.update'>, ctx: UserContext<'hooks' | 'jobs'>) {
  let channel = accessChannelForUpdate(ctx, ctx.user, params.stream_id);
  const privacy = checkPrivacy(ctx, channel, params);
  if (
    params.is_private !== undefined ||
    params.is_web_public !== undefined ||
    params.history_public_to_subscribers !== undefined
  ) {
    channel = changeChannelPrivacy(ctx, channel, privacy);
  }
  if (params.is_default_stream !== undefined) {
    if (!isAdmin(ctx.user)) throw new ApiError('BAD_REQUEST', 'You do not have permission to change default channels.');
    if (params.is_default_stream !== channel.is_default) {
      channel = ctx.db.patch('channels', channel.id, { is_default: params.is_default_stream });
      emitDefaultChannels(ctx);
    }
  }
  if (params.message_retention_days !== undefined) {
    if (!isOwner(ctx.user)) throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    const old = channel.message_retention_days;
    channel = ctx.db.patch('channels', channel.id, {
      message_retention_days: parseRetentionDays(params.message_retention_days),
    });
    emitChannelUpdate(ctx, channel, 'message_retention_days', channel.message_retention_days);
    noticeRetention(ctx, channel, old);
  }
  if (params.is_archived === false) channel = unarchiveChannel(ctx, channel);
  if (params.topics_policy !== undefined) {
    if (!hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'can_set_topics_policy_group'))
      throw new ApiError('BAD_REQUEST', 'Insufficient permission');
    if (params.topics_policy === 'empty_topic_only' && !onlyEmptyTopic(ctx, channel)) {
      const empty = ctx.realm.empty_topic_display_name;
      throw new ApiError(
        'BAD_REQUEST',
        `To enable this configuration, all messages in this channel must be in the "${empty}" topic. Consider renaming or deleting other topics.`,
      );
    }
    const old = channel.topics_policy;
    if (params.topics_policy !== old) {
      channel = ctx.db.patch('channels', channel.id, { topics_policy: params.topics_policy });
      emitChannelUpdate(ctx, channel, 'topics_policy', channel.topics_policy);
      noticeTopicsPolicy(ctx, channel, old);
    }
  }
  if (params.description !== undefined) {
    const old = channel.description;
    const description = checkChannelDescription(params.description);
    channel = ctx.db.patch('channels', channel.id, {
      description,
      rendered_description: renderMarkdown(description).html,
    });
    emitChannelUpdate(ctx, channel, 'description', description, { rendered_description: channel.rendered_description });
    noticeDescription(ctx, channel, old);
  }
  if (params.new_name !== undefined) {
    const name = params.new_name.trim();
    if (name === channel.name) throw new ApiError('BAD_REQUEST', 'Channel already has that name.');
    checkChannelName(name);
    if (name.toLowerCase() !== channel.name.toLowerCase()) checkChannelNameAvailable(ctx, name);
    const oldName = channel.name;
    channel = ctx.db.patch('channels', channel.id, { name });
    // The event is keyed by the old name, as the real server's.
    emitChannelUpdate(ctx, { ...channel, name: oldName }, 'name', name);
    noticeRename(ctx, channel, oldName);
  }
  if (params.folder_id !== undefined) {
    const folderId = params.folder_id === null ? null : checkChannelFolder(ctx, params.folder_id);
    channel = ctx.db.patch('channels', channel.id, { folder_id: folderId });
    emitChannelUpdate(ctx, channel, 'folder_id', folderId);
  }
  for (const setting of CHANNEL_GROUP_SETTINGS) {
    const update = params[setting];
    if (update === undefined) continue;
    const config = CHANNEL_GROUP_SETTING_CONFIGS[setting];
    const next = resolveGroupSettingUpdate(ctx, setting, update, { config, current: channel.groups[setting] });
    if (next === null) continue;
    if (NEED_CONTENT_ACCESS.includes(setting) && !hasContentAccess(ctx, ctx.user, channel)) {
      throw new ApiError('BAD_REQUEST', 'Channel content access is required.');
    }
    channel = changeChannelGroupSetting(ctx, channel, setting, next);
  }
  return {};
}
