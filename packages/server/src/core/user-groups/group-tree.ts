import type { UserGroupRecord } from '../model/records/user-groups.js';
import { isUserInGroupSetting } from '../model/group-membership.js';
import type { GroupReadContext } from './format-user-group.js';

const ascending = (a: number, b: number) => a - b;

/**
 * `ids` and every group reachable from them through direct subgroups (deactivated groups
 * included: they keep their membership). Unknown IDs are skipped.
 */
export function subgroupClosure(ctx: Pick<GroupReadContext, 'db'>, ids: Iterable<number>): Set<number> {
  const seen = new Set<number>();
  const pending = [...ids];
  while (pending.length > 0) {
    const id = pending.pop() as number;
    if (seen.has(id)) continue;
    const group = ctx.db.get('user_groups', id);
    if (!group) continue;
    seen.add(id);
    pending.push(...group.direct_subgroup_ids);
  }
  return seen;
}

/**
 * The subgroups of `group`, direct and indirect, ascending; the group itself is not listed
 * (GET /user_groups/{id}/subgroups).
 */
export function recursiveSubgroupIds(ctx: Pick<GroupReadContext, 'db'>, group: UserGroupRecord): number[] {
  const closure = subgroupClosure(ctx, group.direct_subgroup_ids);
  closure.delete(group.id);
  return [...closure].sort(ascending);
}

/**
 * Every active user in `group`, directly or through its subgroups, ascending. Decided by
 * `isUserInGroupSetting`, the one membership rule of the server.
 */
export function recursiveMemberIds(ctx: GroupReadContext, group: UserGroupRecord): number[] {
  const options = { realm: ctx.realm, now: ctx.now() };
  const ids: number[] = [];
  for (const user of ctx.db.all('users')) if (isUserInGroupSetting(ctx.db, user, group.id, options)) ids.push(user.id);
  return ids.sort(ascending);
}

/**
 * Whether adding `candidates` as subgroups of `groupId` would close a cycle: true when the
 * group is one of them or among their subgroups, direct or indirect.
 */
export function wouldCreateCycle(
  ctx: Pick<GroupReadContext, 'db'>,
  groupId: number,
  candidates: Iterable<number>,
): boolean {
  return subgroupClosure(ctx, candidates).has(groupId);
}
