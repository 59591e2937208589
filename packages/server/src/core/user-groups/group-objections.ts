import { CHANNEL_GROUP_SETTINGS, USER_GROUP_SETTINGS, type GroupSettingValue } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import { REALM_GROUP_SETTINGS } from '../model/records/realm.js';
import type { UserGroupRecord } from '../model/records/user-groups.js';

/** Why a group cannot be deactivated: one entry per user of the group (FL 298). */
export type GroupObjection =
  | { type: 'subgroup'; supergroup_ids: number[] }
  | { type: 'channel'; channel_id: number; settings: string[] }
  | { type: 'user_group'; group_id: number; settings: string[] }
  | { type: 'realm'; settings: string[] };

/** Whether a setting value uses `groupId`: as the value itself, or as a subgroup of an anonymous group. */
function usesGroup(value: GroupSettingValue, groupId: number): boolean {
  return typeof value === 'number' ? value === groupId : value.direct_subgroups.includes(groupId);
}

function settingsUsing<T extends string>(
  names: readonly T[],
  values: Record<T, GroupSettingValue>,
  groupId: number,
): string[] {
  return names.filter((name) => usesGroup(values[name], groupId));
}

/**
 * What still uses `group`, in the real server's order: active supergroups, then settings of
 * channels that are not archived, of active user groups, and of the organization.
 *
 * @see https://zulip.com/api/update-user-group
 */
export function groupObjections(ctx: Pick<Context, 'db' | 'realm'>, group: UserGroupRecord): GroupObjection[] {
  const objections: GroupObjection[] = [];
  const groups = [...ctx.db.all('user_groups')].sort((a, b) => a.id - b.id);
  const supergroupIds = groups
    .filter((g) => !g.deactivated && g.direct_subgroup_ids.includes(group.id))
    .map((g) => g.id);
  if (supergroupIds.length > 0) objections.push({ type: 'subgroup', supergroup_ids: supergroupIds });
  for (const channel of [...ctx.db.all('channels')].sort((a, b) => a.id - b.id)) {
    if (channel.is_archived) continue;
    const settings = settingsUsing(CHANNEL_GROUP_SETTINGS, channel.groups, group.id);
    if (settings.length > 0) objections.push({ type: 'channel', channel_id: channel.id, settings });
  }
  for (const other of groups) {
    if (other.deactivated) continue;
    const settings = settingsUsing(USER_GROUP_SETTINGS, other.groups, group.id);
    if (settings.length > 0) objections.push({ type: 'user_group', group_id: other.id, settings });
  }
  const realmSettings = settingsUsing(REALM_GROUP_SETTINGS, ctx.realm.groups, group.id);
  if (realmSettings.length > 0) objections.push({ type: 'realm', settings: realmSettings });
  return objections;
}
