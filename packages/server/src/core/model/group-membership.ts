import type { GroupSettingValue } from '@teamchat/schema';
import type { Db } from './db.js';
import type { RealmRecord } from './records/realm.js';
import type { UserGroupRecord } from './records/user-groups.js';
import type { UserRecord } from './records/users.js';
import { isGuest } from './roles.js';
import type { SystemGroupName } from './system-groups.js';

/** What membership checks read. */
export interface GroupReader {
  get<C extends keyof Db & string>(c: C, id: number | string): Db[C] | undefined;
}

/** Options of a membership check. */
export interface MembershipOptions {
  /**
   * False for settings whose configuration disallows the everyone group: guests are then
   * never members, whatever the value says.
   */
  allowEveryone?: boolean;
  /** The organization, for the full-member waiting period. */
  realm: Pick<RealmRecord, 'waiting_period_threshold'>;
  /**
   * The clock, in milliseconds; or the clock itself, read only when a full-member check needs
   * it (an answer made without reading it does not change with time: see `RequestInfo.clockRead`).
   */
  now: number | (() => number);
}

const DAY_MS = 86_400_000;

/**
 * Whether `user` can be in the organization's groups at all: active accounts, except the
 * server's own bots (Notification Bot), which on the real server live in a separate internal
 * organization and so are in none of its groups, system groups included.
 */
function belongsToOrganizationGroups(user: UserRecord): boolean {
  return user.is_active && user.is_system_bot !== true;
}

/** Whether a role-400 account has waited the organization's waiting period (a "full member"). */
export function isPastWaitingPeriod(user: UserRecord, options: Pick<MembershipOptions, 'realm' | 'now'>): boolean {
  const now = typeof options.now === 'number' ? options.now : options.now();
  return now - user.date_joined >= options.realm.waiting_period_threshold * DAY_MS;
}

/**
 * Whether `user` is a direct member of `group`. System groups store no members: their direct
 * members follow from roles, as on the real server (guests are direct members of
 * `role:everyone`; role-400 accounts of `role:members`, and of `role:fullmembers` once past the
 * waiting period; `role:internet` and `role:nobody` have none). Deactivated users never are,
 * nor the server's own bots (see {@link belongsToOrganizationGroups}).
 *
 * @see https://zulip.com/api/get-user-groups
 */
export function isDirectMember(
  user: UserRecord,
  group: UserGroupRecord,
  options: Pick<MembershipOptions, 'realm' | 'now'>,
): boolean {
  if (!belongsToOrganizationGroups(user)) return false;
  if (!group.is_system_group) return group.members.includes(user.id);
  switch (group.name as SystemGroupName) {
    case 'role:owners':
      return user.role === 100;
    case 'role:administrators':
      return user.role === 200;
    case 'role:moderators':
      return user.role === 300;
    case 'role:fullmembers':
      return user.role === 400 && isPastWaitingPeriod(user, options);
    case 'role:members':
      return user.role === 400;
    case 'role:everyone':
      return isGuest(user);
    case 'role:internet':
    case 'role:nobody':
      return false;
  }
}

/** Whether `user` is in the system group `name`, by role (the real server's shortcut). */
export function inSystemGroup(user: UserRecord, name: SystemGroupName, options: MembershipOptions): boolean {
  switch (name) {
    case 'role:nobody':
      return false;
    case 'role:internet':
    case 'role:everyone':
      return true;
    case 'role:members':
      return user.role <= 400;
    case 'role:fullmembers':
      return user.role < 400 || (user.role === 400 && isPastWaitingPeriod(user, options));
    case 'role:moderators':
      return user.role <= 300;
    case 'role:administrators':
      return user.role <= 200;
    case 'role:owners':
      return user.role === 100;
  }
}

function inGroup(
  db: GroupReader,
  user: UserRecord,
  group: UserGroupRecord,
  options: MembershipOptions,
  seen: Set<number>,
): boolean {
  if (seen.has(group.id)) return false;
  seen.add(group.id);
  if (group.is_system_group) return inSystemGroup(user, group.name as SystemGroupName, options);
  if (group.members.includes(user.id)) return true;
  return group.direct_subgroup_ids.some((id) => {
    const subgroup = db.get('user_groups', id);
    return subgroup !== undefined && inGroup(db, user, subgroup, options, seen);
  });
}

/**
 * Whether `user` is in the group-setting value `value`: a group ID (members and subgroups,
 * recursively) or an anonymous group of direct members and direct subgroups.
 *
 * Deactivated users and the server's own bots are never members (see
 * {@link belongsToOrganizationGroups}); deactivated groups still expand. Every permission
 * check of the server goes through this function (by way of `hasPermission`).
 *
 * @see https://zulip.com/api/group-setting-values
 */
export function isUserInGroupSetting(
  db: GroupReader,
  user: UserRecord,
  value: GroupSettingValue,
  options: MembershipOptions,
): boolean {
  if (!belongsToOrganizationGroups(user)) return false;
  if (options.allowEveryone === false && isGuest(user)) return false;
  const seen = new Set<number>();
  if (typeof value === 'number') {
    const group = db.get('user_groups', value);
    return group !== undefined && inGroup(db, user, group, options, seen);
  }
  if (value.direct_members.includes(user.id)) return true;
  return value.direct_subgroups.some((id) => {
    const group = db.get('user_groups', id);
    return group !== undefined && inGroup(db, user, group, options, seen);
  });
}
