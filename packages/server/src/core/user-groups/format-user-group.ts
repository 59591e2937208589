import { USER_GROUP_SETTINGS, type GroupSettingValue, type UserGroup, type UserGroupSetting } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { UserGroupRecord } from '../model/records/user-groups.js';
import { isDirectMember } from '../model/group-membership.js';
import { formatGroupSettingValue } from '../model/group-setting-value.js';

/** What formatting reads: the store, and the organization and clock for role-derived membership. */
export type GroupReadContext = Pick<Context, 'db' | 'realm' | 'now'>;

const ascending = (a: number, b: number) => a - b;

/**
 * The direct members of `group`, ascending: active users only (FL 303). System groups store no
 * members, so theirs follow from roles (see `isDirectMember`).
 */
export function directMemberIds(ctx: GroupReadContext, group: UserGroupRecord): number[] {
  const options = { realm: ctx.realm, now: ctx.now() };
  if (!group.is_system_group) {
    return group.members
      .filter((id) => {
        const user = ctx.db.get('users', id);
        return user !== undefined && isDirectMember(user, group, options);
      })
      .sort(ascending);
  }
  const ids: number[] = [];
  for (const user of ctx.db.all('users')) if (isDirectMember(user, group, options)) ids.push(user.id);
  return ids.sort(ascending);
}

/**
 * A user group as the API shows it (GET /user_groups, `realm_user_groups`, `user_group` add
 * events): direct active members and direct subgroups ascending, permission settings as
 * group-setting values.
 *
 * @see https://zulip.com/api/get-user-groups
 */
export function formatUserGroup(ctx: GroupReadContext, group: UserGroupRecord): UserGroup {
  const settings = Object.fromEntries(
    USER_GROUP_SETTINGS.map((setting) => [setting, formatGroupSettingValue(ctx, group.groups[setting])]),
  ) as Record<UserGroupSetting, GroupSettingValue>;
  return {
    id: group.id,
    name: group.name,
    creator_id: group.creator_id,
    date_created: group.date_created,
    description: group.description,
    members: directMemberIds(ctx, group),
    direct_subgroup_ids: [...group.direct_subgroup_ids].sort(ascending),
    is_system_group: group.is_system_group,
    ...settings,
    deactivated: group.deactivated,
  };
}

/** The user groups of the organization as the API lists them, by ID; deactivated ones only when asked. */
export function userGroupsForApi(ctx: GroupReadContext, includeDeactivated: boolean): UserGroup[] {
  return [...ctx.db.all('user_groups')]
    .filter((group) => includeDeactivated || !group.deactivated)
    .sort((a, b) => a.id - b.id)
    .map((group) => formatUserGroup(ctx, group));
}
