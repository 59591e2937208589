import { ApiError, type GroupSettingValue } from '@teamchat/schema';
import type { ModelContext } from './model-context.js';
import type { UserGroupRecord } from './records/user-groups.js';
import type { GroupSettingConfig } from './group-setting-configs.js';
import type { SystemGroupName } from './system-groups.js';

/** The ID of the system group `name`. */
export function systemGroupId(ctx: Pick<ModelContext, 'db'>, name: SystemGroupName): number {
  for (const group of ctx.db.all('user_groups')) {
    if (group.is_system_group && group.name === name) return group.id;
  }
  throw new Error(`[teamchat-server] the organization has no system group ${name}`);
}

function checkGroup(
  ctx: Pick<ModelContext, 'db'>,
  setting: string,
  id: number,
  config: GroupSettingConfig,
): UserGroupRecord {
  const group = ctx.db.get('user_groups', id);
  if (!group) throw new ApiError('BAD_REQUEST', 'Invalid user group');
  if (group.deactivated) throw new ApiError('BAD_REQUEST', 'User group is deactivated.');
  if (group.is_system_group) {
    const forbidden =
      (group.name === 'role:internet' && !config.allowInternet) ||
      (group.name === 'role:everyone' && !config.allowEveryone) ||
      (group.name === 'role:nobody' && !config.allowNobody);
    if (forbidden) throw new ApiError('BAD_REQUEST', `'${setting}' setting cannot be set to '${group.name}' group.`);
  }
  return group;
}

/**
 * The canonical form of a group-setting value as the real server reads one: an anonymous group
 * with no members and exactly one subgroup is that group's ID, one with neither is
 * `role:nobody`. Lengths are those of the lists as given (the server does the same).
 */
export function canonicalGroupSettingValue(ctx: Pick<ModelContext, 'db'>, value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 1)
    return value.direct_subgroups[0] as number;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 0)
    return systemGroupId(ctx, 'role:nobody');
  return value;
}

/**
 * Validates a group-setting value given for `setting` and returns its canonical form (see
 * {@link canonicalGroupSettingValue}), anonymous groups with sorted, deduplicated lists.
 *
 * As on the real server, the system-group restrictions of the setting (`role:internet`,
 * `role:everyone`, `role:nobody`) apply to a value that designates a group; the subgroups of
 * an anonymous group are only checked to exist and to be active.
 *
 * @throws {ApiError} `Invalid user group`, `Invalid user ID: N`, `Invalid user group ID: N`,
 *   `User group is deactivated.`, `'<setting>' setting cannot be set to '<group>' group.`
 * @see https://zulip.com/api/group-setting-values
 */
export function parseGroupSettingValue(
  ctx: Pick<ModelContext, 'db'>,
  setting: string,
  value: GroupSettingValue,
  config: GroupSettingConfig,
): GroupSettingValue {
  const canonical = canonicalGroupSettingValue(ctx, value);
  if (typeof canonical === 'number') {
    checkGroup(ctx, setting, canonical, config);
    return canonical;
  }
  for (const id of canonical.direct_members) {
    const user = ctx.db.get('users', id);
    if (!user || !user.is_active) throw new ApiError('BAD_REQUEST', `Invalid user ID: ${id}`);
  }
  const missing = canonical.direct_subgroups.find((id) => !ctx.db.get('user_groups', id));
  if (missing !== undefined) throw new ApiError('BAD_REQUEST', `Invalid user group ID: ${missing}`);
  if (canonical.direct_subgroups.some((id) => ctx.db.get('user_groups', id)?.deactivated)) {
    throw new ApiError('BAD_REQUEST', 'User group is deactivated.');
  }
  return {
    direct_members: [...new Set(canonical.direct_members)].sort((a, b) => a - b),
    direct_subgroups: [...new Set(canonical.direct_subgroups)].sort((a, b) => a - b),
  };
}

/** A stored group-setting value as the API shows it: anonymous groups list active members only. */
export function formatGroupSettingValue(ctx: Pick<ModelContext, 'db'>, value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  return {
    direct_members: value.direct_members
      .filter((id) => ctx.db.get('users', id)?.is_active === true)
      .sort((a, b) => a - b),
    direct_subgroups: [...value.direct_subgroups].sort((a, b) => a - b),
  };
}

/** The default value of a setting for a record created by `creatorId`. */
export function defaultGroupSettingValue(
  ctx: Pick<ModelContext, 'db'>,
  config: GroupSettingConfig,
  creatorId: number | null,
): GroupSettingValue {
  if (config.defaultGroup === 'creator') {
    return creatorId === null
      ? systemGroupId(ctx, 'role:nobody')
      : { direct_members: [creatorId], direct_subgroups: [] };
  }
  return systemGroupId(ctx, config.defaultGroup);
}

/** The name of the system group a value designates, if it is one. */
export function systemGroupNameOf(ctx: Pick<ModelContext, 'db'>, value: GroupSettingValue): SystemGroupName | null {
  if (typeof value !== 'number') return null;
  const group = ctx.db.get('user_groups', value);
  return group?.is_system_group ? (group.name as SystemGroupName) : null;
}
