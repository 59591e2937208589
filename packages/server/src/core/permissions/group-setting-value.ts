import { ApiError, type GroupSettingValue } from '@teamchat/schema';
import type { Context } from '../context.js';
import type { UserGroupRecord } from '../db.js';
import type { GroupSettingConfig } from './group-setting-configs.js';
import type { SystemGroupName } from './system-groups.js';

/** The ID of the system group `name`. */
export function systemGroupId(ctx: Pick<Context, 'db'>, name: SystemGroupName): number {
  for (const group of ctx.db.all('user_groups')) {
    if (group.is_system_group && group.name === name) return group.id;
  }
  throw new Error(`[teamchat-server] the organization has no system group ${name}`);
}

function checkGroup(ctx: Pick<Context, 'db'>, setting: string, id: number, config: GroupSettingConfig, messageForMissing: string): UserGroupRecord {
  const group = ctx.db.get('user_groups', id);
  if (!group) throw new ApiError('BAD_REQUEST', messageForMissing);
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
 * Validates a group-setting value given for `setting` and returns its canonical form: an
 * anonymous group with one subgroup and no members becomes that group's ID, an empty one
 * becomes `role:nobody`; lists are sorted and deduplicated.
 *
 * @throws {ApiError} `Invalid user group`, `Invalid user ID: N`, `Invalid user group ID: N`,
 *   `User group is deactivated.`, `'<setting>' setting cannot be set to '<group>' group.`
 */
export function parseGroupSettingValue(
  ctx: Pick<Context, 'db'>,
  setting: string,
  value: GroupSettingValue,
  config: GroupSettingConfig,
): GroupSettingValue {
  if (typeof value === 'number') {
    checkGroup(ctx, setting, value, config, 'Invalid user group');
    return value;
  }
  const members = [...new Set(value.direct_members)].sort((a, b) => a - b);
  const subgroups = [...new Set(value.direct_subgroups)].sort((a, b) => a - b);
  for (const id of members) {
    const user = ctx.db.get('users', id);
    if (!user || !user.is_active) throw new ApiError('BAD_REQUEST', `Invalid user ID: ${id}`);
  }
  for (const id of subgroups) checkGroup(ctx, setting, id, config, `Invalid user group ID: ${id}`);
  if (members.length === 0 && subgroups.length === 1) return subgroups[0] as number;
  if (members.length === 0 && subgroups.length === 0) return systemGroupId(ctx, 'role:nobody');
  return { direct_members: members, direct_subgroups: subgroups };
}

/** A stored group-setting value as the API shows it: anonymous groups list active members only. */
export function formatGroupSettingValue(ctx: Pick<Context, 'db'>, value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  return {
    direct_members: value.direct_members.filter((id) => ctx.db.get('users', id)?.is_active === true),
    direct_subgroups: [...value.direct_subgroups],
  };
}

/** The default value of a setting for a record created by `creatorId`. */
export function defaultGroupSettingValue(ctx: Pick<Context, 'db'>, config: GroupSettingConfig, creatorId: number | null): GroupSettingValue {
  if (config.defaultGroup === 'creator') {
    return creatorId === null ? systemGroupId(ctx, 'role:nobody') : { direct_members: [creatorId], direct_subgroups: [] };
  }
  return systemGroupId(ctx, config.defaultGroup);
}

/** The name of the system group a value designates, if it is one. */
export function systemGroupNameOf(ctx: Pick<Context, 'db'>, value: GroupSettingValue): SystemGroupName | null {
  if (typeof value !== 'number') return null;
  const group = ctx.db.get('user_groups', value);
  return group?.is_system_group ? (group.name as SystemGroupName) : null;
}
