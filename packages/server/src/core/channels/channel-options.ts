import type { z } from 'zod';
import {
  ApiError,
  CHANNEL_GROUP_SETTINGS,
  type MessageRetentionDays,
  type ChannelGroupSetting,
  type GroupSettingValue,
  type TopicsPolicy,
} from '@teamchat/schema';
import type { UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import { channelFolderById } from '../channel-folders/channel-folder-list.js';
import { CHANNEL_GROUP_SETTING_CONFIGS } from '../model/group-setting-configs.js';
import { parseGroupSettingValue } from '../model/group-setting-value.js';
import { hasPermission } from '../model/has-permission.js';
import { isAdmin, isOwner } from '../model/roles.js';
import { isWebPublicAccessEnabled } from '../model/web-public-access.js';

/** `message_retention_days` as both creation endpoints and PATCH /streams/{id} take it. */
export type RetentionParam = z.output<typeof MessageRetentionDays>;

/** The channel options of POST /channels/create and POST /users/me/subscriptions. */
export type ChannelOptionParams = {
  invite_only: boolean;
  is_web_public: boolean;
  is_default_stream: boolean;
  history_public_to_subscribers?: boolean | undefined;
  message_retention_days?: RetentionParam | undefined;
  topics_policy?: TopicsPolicy | undefined;
  folder_id?: number | undefined;
} & { [S in ChannelGroupSetting]?: GroupSettingValue | undefined };

/** Channel options after validation: what a new channel gets. */
export interface ChannelOptions {
  inviteOnly: boolean;
  isWebPublic: boolean;
  isDefault: boolean;
  historyPublicToSubscribers: boolean;
  /** null: the organization's default; -1: forever. */
  messageRetentionDays: number | null;
  topicsPolicy: ChannelRecord['topics_policy'];
  folderId: number | null;
  groups: Partial<ChannelRecord['groups']>;
}

/**
 * Days, `realm_default` (null) or `unlimited` (-1): the real server's
 * `parse_message_retention_days`; `forever` (before feature level 91) and non-positive
 * numbers are bad values.
 */
export function parseRetentionDays(value: RetentionParam): number | null {
  if (value === 'realm_default') return null;
  if (value === 'unlimited') return -1;
  if (typeof value === 'string' || value <= 0) {
    throw new ApiError('REQUEST_VARIABLE_INVALID', `Bad value for 'message_retention_days': ${value}`, {
      extra: { var_name: 'message_retention_days', bad_value: value },
    });
  }
  return value;
}

/** The folder `folderId` must exist and not be archived (`Invalid channel folder ID`). */
export function checkChannelFolder(ctx: Pick<UserContext, 'db'>, folderId: number): number {
  if (channelFolderById(ctx, folderId).is_archived) throw new ApiError('BAD_REQUEST', 'Invalid channel folder ID');
  return folderId;
}

/**
 * Validates the options that do not depend on whether a channel gets created, in the real
 * server's order: group-setting values, folder, retention value, `topics_policy` permission.
 * Public and web-public channels always share history; private ones share it only if asked.
 *
 * @see https://zulip.com/api/get-streams, https://zulip.com/api/create-channel
 */
export function parseChannelOptions(ctx: UserContext, params: ChannelOptionParams): ChannelOptions {
  const groups: Partial<ChannelRecord['groups']> = {};
  for (const setting of CHANNEL_GROUP_SETTINGS) {
    const given = params[setting];
    if (given !== undefined)
      groups[setting] = parseGroupSettingValue(ctx, setting, given, CHANNEL_GROUP_SETTING_CONFIGS[setting]);
  }
  const folderId = params.folder_id === undefined ? null : checkChannelFolder(ctx, params.folder_id);
  const retention =
    params.message_retention_days === undefined ? null : parseRetentionDays(params.message_retention_days);
  const topicsPolicy = params.topics_policy ?? 'inherit';
  if (
    topicsPolicy !== 'inherit' &&
    !hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'can_set_topics_policy_group')
  ) {
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  }
  if (params.is_web_public && params.invite_only) throw new ApiError('BAD_REQUEST', 'Invalid parameters');
  return {
    inviteOnly: params.invite_only,
    isWebPublic: params.is_web_public,
    isDefault: params.is_default_stream,
    historyPublicToSubscribers: params.invite_only ? (params.history_public_to_subscribers ?? false) : true,
    messageRetentionDays: retention,
    topicsPolicy,
    folderId,
    groups,
  };
}

/**
 * The organization's permission to have a public or a private channel (creating one, or
 * changing a channel's privacy): `Insufficient permission` otherwise.
 */
export function checkCanHavePrivacy(ctx: UserContext, inviteOnly: boolean): void {
  const setting = inviteOnly ? 'can_create_private_channel_group' : 'can_create_public_channel_group';
  if (!hasPermission(ctx, ctx.user, { realm: ctx.realm }, setting))
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
}

/**
 * The three requirements of a web-public channel: the server setting and the organization's
 * spectator access (`Web-public channels are not enabled.`), then
 * `can_create_web_public_channel_group` (`Insufficient permission`).
 */
export function checkCanBeWebPublic(ctx: UserContext): void {
  if (!isWebPublicAccessEnabled(ctx)) throw new ApiError('BAD_REQUEST', 'Web-public channels are not enabled.');
  if (!hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'can_create_web_public_channel_group'))
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
}

/**
 * The checks of the real server's `list_to_streams` once a channel is to be created: the
 * organization's create permission for the privacy asked, default channels (administrators,
 * never private), web-public channels (server, organization and permission), and a retention
 * other than the organization's default (owners).
 */
export function checkCanCreateChannel(ctx: UserContext, options: ChannelOptions): void {
  checkCanHavePrivacy(ctx, options.inviteOnly);
  if (options.isDefault && !isAdmin(ctx.user)) throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  if (options.isDefault && options.inviteOnly)
    throw new ApiError('BAD_REQUEST', 'A default channel cannot be private.');
  if (options.isWebPublic) checkCanBeWebPublic(ctx);
  if (options.messageRetentionDays !== null && !isOwner(ctx.user))
    throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
}
