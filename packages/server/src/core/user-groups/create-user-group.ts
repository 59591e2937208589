import { USER_GROUP_SETTINGS } from '@teamchat/schema';
import type { UserGroupRecord } from '../model/records/user-groups.js';
import { USER_GROUP_SETTING_CONFIGS } from '../model/group-setting-configs.js';
import { parseGroupSettingValue } from '../model/group-setting-value.js';
import { hasPermission } from '../model/has-permission.js';
import { accessPotentialSubgroups, activeUsersByIds, insufficientPermission } from './access-user-group.js';
import { insertUserGroup } from './insert-user-group.js';
import { emitGroupAdded, emitGroupSubgroups } from './user-group-events.js';
import { checkUserGroupName, checkUserGroupNameAvailable } from './user-group-name.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * POST /user_groups/create: creates a group with the caller as creator, in one transaction.
 * Checks, in the real server's order: the organization's `can_create_groups`; the members
 * (active users); the name; each given permission setting; that the name is free; then adds
 * the subgroups (the creator may add any active group, whatever the group's other settings).
 * Everyone gets a `user_group` `add` event, then `add_subgroups` when subgroups were given.
 *
 * @see https://zulip.com/api/create-user-group
 */
export function createUserGroup(params: OperationParams<'userGroups.create'>, ctx: UserContext) {
  if (!hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'can_create_groups')) throw insufficientPermission();
  const members = activeUsersByIds(ctx, params.members);
  const name = checkUserGroupName(params.name);
  const settings: Partial<UserGroupRecord['groups']> = {};
  for (const setting of USER_GROUP_SETTINGS) {
    const given = params[setting];
    if (given !== undefined)
      settings[setting] = parseGroupSettingValue(ctx, setting, given, USER_GROUP_SETTING_CONFIGS[setting]);
  }
  checkUserGroupNameAvailable(ctx, name);
  const group = insertUserGroup(ctx, {
    name,
    description: params.description,
    members,
    creatorId: ctx.user.id,
    settings,
  });
  emitGroupAdded(ctx, group);
  if (params.subgroups !== undefined && params.subgroups.length > 0) {
    // A new group has no supergroups, so no subgroup can close a cycle.
    const subgroupIds = accessPotentialSubgroups(ctx, params.subgroups).map((subgroup) => subgroup.id);
    ctx.db.patch('user_groups', group.id, { direct_subgroup_ids: [...subgroupIds].sort((a, b) => a - b) });
    emitGroupSubgroups(ctx, 'add_subgroups', group.id, subgroupIds);
  }
  return { group_id: group.id };
}
