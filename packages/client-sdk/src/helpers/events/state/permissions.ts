import { listOf, type Entry, type State } from './state-types.js';

type Value = number | { direct_members: number[]; direct_subgroups: number[] };

/** Whether user `me` belongs to group `id` (directly or through subgroups), from `realm_user_groups`. */
function inGroup(groups: Entry[], id: number, me: number, seen = new Set<number>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const group = groups.find((g) => g['id'] === id);
  if (!group) return false;
  if ((group['members'] as number[]).includes(me)) return true;
  return (group['direct_subgroup_ids'] as number[]).some((sub) => inGroup(groups, sub, me, seen));
}

function holds(groups: Entry[], value: Value | undefined, me: number, guest: boolean, allowGuests: boolean): boolean {
  if (value === undefined || (guest && !allowGuests)) return false;
  if (typeof value === 'number') return inGroup(groups, value, me);
  return value.direct_members.includes(me) || value.direct_subgroups.some((id) => inGroup(groups, id, me));
}

/**
 * Recomputes the user's own `can_create_*`, `can_subscribe_other_users` and
 * `can_invite_others_to_realm` from the organization's group settings and the groups in the
 * state, when it has them (a role change or a group change can move them).
 */
export function recomputePermissions(state: State, role?: number): void {
  const groups = listOf(state, 'realm_user_groups');
  const me = state['user_id'];
  if (!groups || typeof me !== 'number' || !('can_create_public_streams' in state)) return;
  const guest = role !== undefined ? role === 600 : state['is_guest'] === true;
  const setting = (name: string) => state[`realm_${name}`] as Value | undefined;
  const check = (name: string) => holds(groups, setting(name), me, guest, false);
  if (setting('can_create_public_channel_group') === undefined) return;
  state['can_create_private_streams'] = check('can_create_private_channel_group');
  state['can_create_public_streams'] = check('can_create_public_channel_group');
  state['can_create_web_public_streams'] = check('can_create_web_public_channel_group');
  state['can_create_streams'] =
    state['can_create_private_streams'] === true ||
    state['can_create_public_streams'] === true ||
    state['can_create_web_public_streams'] === true;
  state['can_subscribe_other_users'] = check('can_add_subscribers_group');
  state['can_invite_others_to_realm'] = check('can_invite_users_group');
}
