import { ApiError, USER_GROUP_SETTINGS } from '@teamchat/schema';
import { USER_GROUP_SETTING_CONFIGS } from '../model/group-setting-configs.js';
import { resolveGroupSettingUpdate } from '../model/group-setting-update.js';
import { formatGroupSettingValue } from '../model/group-setting-value.js';
import { accessUserGroupForUpdate } from './access-user-group.js';
import { emitGroupAdded, emitGroupUpdated } from './user-group-events.js';
import { checkUserGroupName, checkUserGroupNameAvailable } from './user-group-name.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * PATCH /user_groups/{user_group_id}: renames the group, changes its description, reactivates
 * it (`deactivated: false`; `true` is ignored, deactivation has its own endpoint) and changes
 * permission settings with `{new, old?}` updates. Needs `can_manage_group` (or the
 * organization's `can_manage_all_groups`); allowed on deactivated groups. Unchanged values are
 * no-ops; each change sends a `user_group` `update` event.
 *
 * @throws {ApiError} `No new data supplied`, `Invalid user group`, `Insufficient permission`,
 *   the name errors, `User group '<name>' already exists.`, `EXPECTATION_MISMATCH`, and the
 *   group-setting value errors.
 * @see https://zulip.com/api/update-user-group
 */
export function updateUserGroup(params: OperationParams<'userGroups.update'>, ctx: UserContext) {
  const settingsGiven = USER_GROUP_SETTINGS.some((setting) => params[setting] !== undefined);
  if (
    params.name === undefined &&
    params.description === undefined &&
    params.deactivated === undefined &&
    !settingsGiven
  ) {
    throw new ApiError('BAD_REQUEST', 'No new data supplied');
  }
  let group = accessUserGroupForUpdate(ctx, params.user_group_id, 'can_manage_group', { allowDeactivated: true });

  if (params.name !== undefined && params.name !== group.name) {
    const name = checkUserGroupName(params.name);
    checkUserGroupNameAvailable(ctx, name, group.id);
    group = ctx.db.patch('user_groups', group.id, { name });
    emitGroupUpdated(ctx, group, { name });
  }
  if (params.description !== undefined && params.description !== group.description) {
    group = ctx.db.patch('user_groups', group.id, { description: params.description });
    emitGroupUpdated(ctx, group, { description: params.description });
  }
  if (params.deactivated === false && group.deactivated) {
    group = ctx.db.patch('user_groups', group.id, { deactivated: false });
    emitGroupUpdated(ctx, group, { deactivated: false });
    emitGroupAdded(ctx, group, { forReactivation: true });
  }
  for (const setting of USER_GROUP_SETTINGS) {
    const update = params[setting];
    if (update === undefined) continue;
    const next = resolveGroupSettingUpdate(ctx, setting, update, {
      config: USER_GROUP_SETTING_CONFIGS[setting],
      current: group.groups[setting],
    });
    if (next === null) continue;
    group = ctx.db.patch('user_groups', group.id, { groups: { ...group.groups, [setting]: next } });
    emitGroupUpdated(ctx, group, { [setting]: formatGroupSettingValue(ctx, next) });
  }
  return {};
}
