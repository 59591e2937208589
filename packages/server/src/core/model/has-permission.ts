import type { ChannelGroupSetting, GroupSettingValue, UserGroupSetting } from '@teamchat/schema';
import type { ModelContext } from './model-context.js';
import type { ChannelRecord } from './records/channels.js';
import type { RealmGroupSetting, RealmRecord } from './records/realm.js';
import type { UserGroupRecord } from './records/user-groups.js';
import type { UserRecord } from './records/users.js';
import { isUserInGroupSetting } from './group-membership.js';
import { systemGroupId } from './group-setting-value.js';
import {
  CHANNEL_GROUP_SETTING_CONFIGS,
  REALM_GROUP_SETTING_CONFIGS,
  USER_GROUP_SETTING_CONFIGS,
  type GroupSettingConfig,
} from './group-setting-configs.js';

/** What holds a permission setting: the organization, a channel or a user group. */
type PermissionHolder = { realm: RealmRecord } | { channel: ChannelRecord } | { group: UserGroupRecord };

type Ctx = Pick<ModelContext, 'db' | 'realm' | 'now'>;

/**
 * Whether `user` holds the permission `setting` of the organization, a channel or a user
 * group: membership of the setting's group-setting value, with the setting's guest rule
 * (`allowEveryone` of its configuration: settings that disallow `role:everyone` never include
 * guests, whatever the value says). Every permission check of the server goes through here, so
 * the guest rule is read from the configuration table and never written at a call site.
 *
 * @example
 * hasPermission(ctx, user, { realm: ctx.realm }, 'can_create_groups');
 * hasPermission(ctx, user, { channel }, 'can_send_message_group');
 * @see https://zulip.com/api/group-setting-values
 */
export function hasPermission(
  ctx: Ctx,
  user: UserRecord | null,
  holder: { realm: RealmRecord },
  setting: RealmGroupSetting,
): boolean;
export function hasPermission(
  ctx: Ctx,
  user: UserRecord | null,
  holder: { channel: ChannelRecord },
  setting: ChannelGroupSetting,
): boolean;
export function hasPermission(
  ctx: Ctx,
  user: UserRecord | null,
  holder: { group: UserGroupRecord },
  setting: UserGroupSetting,
): boolean;
export function hasPermission(ctx: Ctx, user: UserRecord | null, holder: PermissionHolder, setting: string): boolean {
  if (!user) return false;
  const { value, config } = settingOf(ctx, holder, setting);
  return isUserInGroupSetting(ctx.db, user, value, {
    realm: ctx.realm,
    now: ctx.now,
    allowEveryone: config.allowEveryone,
  });
}

/**
 * The organization's value of `setting`; a data file written before the setting existed has
 * none, and gets the setting's default.
 */
export function realmGroupSetting(
  ctx: Pick<ModelContext, 'db'>,
  realm: RealmRecord,
  setting: RealmGroupSetting,
): GroupSettingValue {
  const value = realm.groups[setting] as GroupSettingValue | undefined;
  if (value !== undefined) return value;
  const fallback = REALM_GROUP_SETTING_CONFIGS[setting].defaultGroup;
  return fallback === 'creator' ? systemGroupId(ctx, 'role:nobody') : systemGroupId(ctx, fallback);
}

/** The value of `setting` on `holder`, and the setting's configuration. */
function settingOf(
  ctx: Pick<ModelContext, 'db'>,
  holder: PermissionHolder,
  setting: string,
): { value: GroupSettingValue; config: GroupSettingConfig } {
  if ('realm' in holder) {
    const name = setting as RealmGroupSetting;
    return { value: realmGroupSetting(ctx, holder.realm, name), config: REALM_GROUP_SETTING_CONFIGS[name] };
  }
  if ('channel' in holder) {
    const name = setting as ChannelGroupSetting;
    return { value: holder.channel.groups[name], config: CHANNEL_GROUP_SETTING_CONFIGS[name] };
  }
  const name = setting as UserGroupSetting;
  return { value: holder.group.groups[name], config: USER_GROUP_SETTING_CONFIGS[name] };
}
