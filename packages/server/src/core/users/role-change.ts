import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { hasMetadataAccess } from '../model/channel-access.js';
import { emitChannelAccessGained, emitChannelDelete } from '../channels/channel-events.js';
import { activeUserIds, emit } from '../events/emit.js';
import { isDirectMember } from '../model/group-membership.js';

type Ctx = Pick<Context, 'db' | 'events' | 'realm' | 'now' | 'indexes'>;

/**
 * Announces how a user's direct membership of the system groups changed between `before`
 * (null for a new account) and `after`: `user_group remove_members` / `add_members` to
 * everyone, the role's group first, `role:fullmembers` last, as the real server orders them.
 * System groups store no members: membership follows from the role, so only the events are
 * needed.
 *
 * @see https://zulip.com/api/get-user-groups
 */
export function emitSystemGroupChanges(ctx: Ctx, before: UserRecord | null, after: UserRecord): void {
  const options = { realm: ctx.realm, now: ctx.now() };
  const removed: number[] = [];
  const added: number[] = [];
  const fullMembers: { id: number; op: 'add_members' | 'remove_members' }[] = [];
  for (const group of ctx.db.all('user_groups')) {
    if (!group.is_system_group) continue;
    const was = before !== null && isDirectMember(before, group, options);
    const is = isDirectMember(after, group, options);
    if (was === is) continue;
    if (group.name === 'role:fullmembers')
      fullMembers.push({ id: group.id, op: is ? 'add_members' : 'remove_members' });
    else (is ? added : removed).push(group.id);
  }
  const recipients = activeUserIds(ctx);
  const send = (op: 'add_members' | 'remove_members', groupId: number) =>
    emit(ctx, recipients, { type: 'user_group', op, group_id: groupId, user_ids: [after.id] });
  for (const id of removed) send('remove_members', id);
  for (const id of added) send('add_members', id);
  for (const { id, op } of fullMembers) send(op, id);
}

/**
 * Tells `after`'s own clients about channels it can now see (`stream create`, then the
 * subscribers as `subscription peer_add`) or no longer see (`stream delete`) after a role
 * change, e.g. a guest made a member gains every public channel.
 */
export function emitChannelAccessChanges(ctx: Ctx, before: UserRecord, after: UserRecord): void {
  const gained = [];
  const lost = [];
  for (const channel of ctx.db.all('channels')) {
    if (channel.is_archived) continue;
    const had = hasMetadataAccess(ctx, before, channel);
    const has = hasMetadataAccess(ctx, after, channel);
    if (!had && has) gained.push(channel);
    if (had && !has) lost.push(channel);
  }
  emitChannelAccessGained(ctx, gained, [after.id]);
  emitChannelDelete(ctx, lost, [after.id]);
}

/**
 * Gives `target` the role `role`: `realm_user update { role }` to everyone, the system-group
 * membership events and the channel-access events of the change.
 */
export function changeRole(ctx: Ctx, target: UserRecord, role: UserRecord['role']): UserRecord {
  const updated = ctx.db.patch('users', target.id, { role });
  emit(ctx, activeUserIds(ctx), { type: 'realm_user', op: 'update', person: { user_id: target.id, role } });
  emitSystemGroupChanges(ctx, target, updated);
  emitChannelAccessChanges(ctx, target, updated);
  return updated;
}
