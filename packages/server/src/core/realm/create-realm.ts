import { initialUserSettings, type GroupSettingValue } from '@teamchat/schema';
import type { DbTx } from '../model/db.js';
import type { RealmGroupSetting, RealmRecord } from '../model/records/realm.js';
import type { UserGroupRecord } from '../model/records/user-groups.js';
import { REALM_GROUP_SETTING_CONFIGS } from '../model/group-setting-configs.js';
import { SYSTEM_GROUP_DESCRIPTIONS, SYSTEM_GROUP_NAMES, type SystemGroupName } from '../model/system-groups.js';

/** What a new organization is called. */
export interface RealmOptions {
  name: string;
  stringId: string;
  description: string;
  /** Milliseconds. */
  now: number;
}

/**
 * Creates the organization record and its eight system groups, nested the real server's
 * way: owners ⊂ administrators ⊂ moderators ⊂ full members ⊂ members ⊂ everyone ⊂ internet;
 * nobody stands apart. System groups' own permission settings are all `role:nobody`.
 */
export function createRealm(db: DbTx, options: RealmOptions): RealmRecord {
  const ids = new Map<SystemGroupName, number>();
  for (const name of SYSTEM_GROUP_NAMES) ids.set(name, db.nextId('user_groups'));
  const nobody = ids.get('role:nobody') as number;
  const chain = SYSTEM_GROUP_NAMES.slice(0, 7);
  for (const name of SYSTEM_GROUP_NAMES) {
    const inner = chain.indexOf(name) > 0 ? chain[chain.indexOf(name) - 1] : undefined;
    const group: UserGroupRecord = {
      id: ids.get(name) as number,
      name,
      description: SYSTEM_GROUP_DESCRIPTIONS[name],
      is_system_group: true,
      members: [],
      direct_subgroup_ids: inner ? [ids.get(inner) as number] : [],
      deactivated: false,
      creator_id: null,
      date_created: Math.floor(options.now / 1000),
      groups: {
        can_add_members_group: nobody,
        can_join_group: nobody,
        can_leave_group: nobody,
        can_manage_group: nobody,
        can_mention_group: nobody,
        can_remove_members_group: nobody,
      },
    };
    db.put('user_groups', group);
  }
  const groups = Object.fromEntries(
    Object.entries(REALM_GROUP_SETTING_CONFIGS).map(([setting, config]) => [
      setting,
      ids.get(config.defaultGroup as SystemGroupName) as GroupSettingValue,
    ]),
  ) as Record<RealmGroupSetting, GroupSettingValue>;
  return db.put('realm', {
    id: 1,
    name: options.name,
    string_id: options.stringId,
    description: options.description,
    date_created: Math.floor(options.now / 1000),
    empty_topic_display_name: 'general chat',
    topics_policy: 'allow_empty_topic',
    enable_spectator_access: false,
    waiting_period_threshold: 0,
    message_retention_days: -1,
    message_content_delete_limit_seconds: 600,
    message_content_edit_limit_seconds: 600,
    allow_message_editing: true,
    move_messages_within_stream_limit_seconds: 7 * 86_400,
    move_messages_between_streams_limit_seconds: 7 * 86_400,
    message_edit_history_visibility_policy: 1,
    name_changes_disabled: false,
    email_changes_disabled: false,
    require_unique_names: false,
    presence_disabled: false,
    groups,
    user_settings_defaults: initialUserSettings(),
  });
}
