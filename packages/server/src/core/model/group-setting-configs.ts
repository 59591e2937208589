import type { ChannelGroupSetting, UserGroupSetting } from '@teamchat/schema';
import type { RealmGroupSetting } from './records/realm.js';
import type { SystemGroupName } from './system-groups.js';

/** How a group setting may be set and what it defaults to (the real server's table). */
export interface GroupSettingConfig {
  /** Whether guests may hold the permission (and `role:everyone` may be the value). */
  allowEveryone: boolean;
  allowInternet: boolean;
  allowNobody: boolean;
  /** Default for new records: a system group, or an anonymous group of the creator. */
  defaultGroup: SystemGroupName | 'creator';
}

const setting = (defaultGroup: GroupSettingConfig['defaultGroup'], allowEveryone: boolean): GroupSettingConfig => ({
  allowEveryone,
  allowInternet: false,
  allowNobody: true,
  defaultGroup,
});

/** Channel permission settings (https://zulip.com/api/get-streams). */
export const CHANNEL_GROUP_SETTING_CONFIGS = {
  can_add_subscribers_group: setting('role:nobody', false),
  can_administer_channel_group: setting('creator', false),
  can_delete_any_message_group: setting('role:nobody', true),
  can_delete_own_message_group: setting('role:nobody', true),
  can_move_messages_out_of_channel_group: setting('role:nobody', true),
  can_move_messages_within_channel_group: setting('role:nobody', true),
  can_remove_subscribers_group: setting('role:administrators', true),
  can_resolve_topics_group: setting('role:nobody', true),
  can_send_message_group: setting('role:everyone', true),
  can_subscribe_group: setting('role:nobody', false),
} as const satisfies Record<ChannelGroupSetting, GroupSettingConfig>;

/** User-group permission settings (https://zulip.com/api/create-user-group). */
export const USER_GROUP_SETTING_CONFIGS = {
  can_add_members_group: setting('creator', false),
  can_join_group: setting('role:nobody', false),
  can_leave_group: setting('role:everyone', true),
  can_manage_group: setting('creator', false),
  can_mention_group: setting('role:everyone', true),
  can_remove_members_group: setting('role:nobody', false),
} as const satisfies Record<UserGroupSetting, GroupSettingConfig>;

/** Organization permission settings and the defaults of a new organization. */
export const REALM_GROUP_SETTING_CONFIGS = {
  can_access_all_users_group: setting('role:everyone', true),
  can_add_custom_emoji_group: setting('role:members', false),
  can_add_subscribers_group: setting('role:members', false),
  can_create_bots_group: setting('role:members', false),
  can_create_groups: setting('role:members', false),
  can_create_private_channel_group: setting('role:members', false),
  can_create_public_channel_group: setting('role:members', false),
  can_create_web_public_channel_group: setting('role:owners', false),
  can_create_write_only_bots_group: setting('role:members', false),
  can_delete_any_message_group: setting('role:administrators', true),
  can_delete_own_message_group: setting('role:everyone', true),
  can_invite_users_group: setting('role:members', false),
  can_manage_all_groups: setting('role:owners', false),
  can_mention_many_users_group: setting('role:administrators', true),
  can_move_messages_between_channels_group: setting('role:members', true),
  can_move_messages_between_topics_group: setting('role:everyone', true),
  can_resolve_topics_group: setting('role:everyone', true),
  can_set_delete_message_policy_group: setting('role:moderators', false),
  can_set_topics_policy_group: setting('role:moderators', false),
  create_multiuse_invite_group: setting('role:administrators', false),
  direct_message_permission_group: setting('role:everyone', true),
  direct_message_initiator_group: setting('role:everyone', true),
} as const satisfies Record<RealmGroupSetting, GroupSettingConfig>;
