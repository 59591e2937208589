import type { Context } from '../runtime/context.js';
import type { UserGroupRecord } from '../model/records/user-groups.js';
import { activeUserIds, emit } from '../events/emit.js';
import type { EventQueue } from '../runtime/event-queues.js';
import { formatUserGroup, type GroupReadContext } from './format-user-group.js';

type EventContext = GroupReadContext & Pick<Context, 'events'>;
type Fields = Record<string, unknown>;

/** The queues whose client declared the `include_deactivated_groups` capability (FL 294). */
const handlesDeactivated = (queue: EventQueue): boolean => queue.has('include_deactivated_groups');

/**
 * Sends a `user_group` event to every active user; `to` narrows the queues by whether their
 * client handles deactivated groups itself.
 */
function send(ctx: EventContext, fields: Fields, to: 'all' | 'capable' | 'incapable' = 'all'): void {
  const event = { type: 'user_group', ...fields };
  if (to === 'all') return emit(ctx, activeUserIds(ctx), event);
  const wanted = to === 'capable';
  emit(ctx, activeUserIds(ctx), (queue) => (handlesDeactivated(queue) === wanted ? event : null));
}

/**
 * `op: add` with the group object. `members` and `direct_subgroup_ids` are those the group has
 * at this point (a new group's subgroups follow in an `add_subgroups` event, as on the real
 * server). On reactivation only clients without `include_deactivated_groups` get it; the others
 * get the `deactivated: false` update.
 */
export function emitGroupAdded(ctx: EventContext, group: UserGroupRecord, { forReactivation = false } = {}): void {
  send(ctx, { op: 'add', group: formatUserGroup(ctx, group) }, forReactivation ? 'incapable' : 'all');
}

/**
 * `op: update` with the changed fields in `data`. Changes of `deactivated` go only to clients
 * with `include_deactivated_groups` (the others get `remove` / `add`); a renamed deactivated
 * group is not announced to clients without it.
 */
export function emitGroupUpdated(ctx: EventContext, group: UserGroupRecord, data: Fields): void {
  const capableOnly = 'deactivated' in data || ('name' in data && group.deactivated);
  send(ctx, { op: 'update', group_id: group.id, data }, capableOnly ? 'capable' : 'all');
}

/** `op: remove` on deactivation, for clients that cannot filter deactivated groups themselves. */
export function emitGroupRemoved(ctx: EventContext, groupId: number): void {
  send(ctx, { op: 'remove', group_id: groupId }, 'incapable');
}

/** `op: add_members` / `remove_members`. */
export function emitGroupMembers(
  ctx: EventContext,
  op: 'add_members' | 'remove_members',
  groupId: number,
  userIds: readonly number[],
): void {
  send(ctx, { op, group_id: groupId, user_ids: [...userIds].sort((a, b) => a - b) });
}

/** `op: add_subgroups` / `remove_subgroups`. */
export function emitGroupSubgroups(
  ctx: EventContext,
  op: 'add_subgroups' | 'remove_subgroups',
  groupId: number,
  subgroupIds: readonly number[],
): void {
  send(ctx, { op, group_id: groupId, direct_subgroup_ids: [...subgroupIds].sort((a, b) => a - b) });
}
