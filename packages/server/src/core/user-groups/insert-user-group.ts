import { USER_GROUP_SETTINGS, type GroupSettingValue } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { UserGroupRecord } from '../model/records/user-groups.js';
import { USER_GROUP_SETTING_CONFIGS } from '../model/group-setting-configs.js';
import { defaultGroupSettingValue } from '../model/group-setting-value.js';

/** A new user-defined group. */
export interface NewUserGroup {
  /** A given ID (fixtures); the next one otherwise. */
  id?: number;
  name: string;
  description: string;
  /** Direct members (user IDs, validated by the caller). */
  members: readonly number[];
  /** Direct subgroups (group IDs, validated by the caller). */
  subgroupIds?: readonly number[];
  creatorId: number | null;
  /** Permission settings given at creation; the others take their defaults. */
  settings?: Partial<UserGroupRecord['groups']>;
}

/**
 * The permission settings of a new group: those given, the others at their defaults (the
 * creator as an anonymous group for `can_add_members_group` and `can_manage_group`,
 * `role:nobody` for joining and removing, `role:everyone` for leaving and mentioning).
 *
 * @see https://zulip.com/api/get-user-groups
 */
export function userGroupSettings(
  ctx: Pick<Context, 'db'>,
  creatorId: number | null,
  given: Partial<UserGroupRecord['groups']> = {},
): UserGroupRecord['groups'] {
  const entries = USER_GROUP_SETTINGS.map((setting): [string, GroupSettingValue] => [
    setting,
    given[setting] ?? defaultGroupSettingValue(ctx, USER_GROUP_SETTING_CONFIGS[setting], creatorId),
  ]);
  return Object.fromEntries(entries) as UserGroupRecord['groups'];
}

/** Stores a new user-defined group and returns it; validation and events are the caller's. */
export function insertUserGroup(ctx: Pick<Context, 'db' | 'now'>, group: NewUserGroup): UserGroupRecord {
  return ctx.db.put('user_groups', {
    id: group.id ?? ctx.db.nextId('user_groups'),
    name: group.name,
    description: group.description,
    is_system_group: false,
    members: [...new Set(group.members)].sort((a, b) => a - b),
    direct_subgroup_ids: [...new Set(group.subgroupIds ?? [])].sort((a, b) => a - b),
    deactivated: false,
    creator_id: group.creatorId,
    date_created: Math.floor(ctx.now() / 1000),
    groups: userGroupSettings(ctx, group.creatorId, group.settings),
  });
}
