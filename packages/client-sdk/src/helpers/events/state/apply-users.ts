import type { EventOf } from '@teamchat/schema';
import { recomputePermissions } from './permissions.js';
import { copy, listOf, type Entry, type State } from './state-types.js';

/** The user entry `userId` in `realm_users` or `realm_non_active_users`. */
function findUser(state: State, userId: number): Entry | undefined {
  return (
    listOf(state, 'realm_users')?.find((u) => u['user_id'] === userId) ??
    listOf(state, 'realm_non_active_users')?.find((u) => u['user_id'] === userId)
  );
}

function sortByUserId(list: Entry[]): void {
  list.sort((a, b) => (a['user_id'] as number) - (b['user_id'] as number));
}

/** Moves a user between the active and the deactivated lists. */
function setActive(state: State, user: Entry, active: boolean): void {
  const from = listOf(state, active ? 'realm_non_active_users' : 'realm_users');
  const to = listOf(state, active ? 'realm_users' : 'realm_non_active_users');
  if (!from || !to || !from.includes(user)) return;
  from.splice(from.indexOf(user), 1);
  to.push(user);
  sortByUserId(to);
}

const ROLE_FLAGS = (role: number) => ({ is_admin: role <= 200, is_owner: role === 100, is_guest: role === 600 });

/** `realm_user` events: users added, changed, deactivated or reactivated, and the user's own identity. */
export function applyRealmUser(state: State, event: EventOf<'realm_user'>, me: number | undefined): void {
  const person: Entry = copy(event.person);
  const userId = event.person.user_id;
  if (event.op === 'add') {
    const users = listOf(state, 'realm_users');
    if (!users) return;
    if (person['is_active'] === undefined) person['is_active'] = true;
    if (person['is_bot'] === false && person['profile_data'] === undefined) person['profile_data'] = {};
    users.push(person);
    sortByUserId(users);
    return;
  }
  if (event.op === 'remove') {
    const users = listOf(state, 'realm_users');
    if (users) state['realm_users'] = users.filter((u) => u['user_id'] !== userId);
    return;
  }
  const user = findUser(state, userId);
  if (user) {
    for (const [key, value] of Object.entries(person))
      if (key in user && key !== 'custom_profile_field') user[key] = value;
    if (typeof person['role'] === 'number') Object.assign(user, ROLE_FLAGS(person['role']));
    if (typeof person['new_email'] === 'string') user['email'] = person['new_email'];
    const field = person['custom_profile_field'] as Entry | undefined;
    if (field && user['profile_data'] && typeof user['profile_data'] === 'object') {
      const data = user['profile_data'] as Entry;
      if (field['value'] === null) delete data[String(field['id'])];
      else
        data[String(field['id'])] =
          'rendered_value' in field
            ? { value: field['value'], rendered_value: field['rendered_value'] }
            : { value: field['value'] };
    }
    if (typeof person['is_active'] === 'boolean') setActive(state, user, person['is_active']);
  }
  if (typeof person['is_active'] === 'boolean' && !person['is_active']) dropDeactivatedUser(state, userId);
  if (userId !== me) return;
  for (const key of ['full_name', 'delivery_email', 'avatar_source', 'avatar_url', 'avatar_url_medium']) {
    if (key in person && key in state) state[key] = person[key];
  }
  if (typeof person['new_email'] === 'string' && 'email' in state) state['email'] = person['new_email'];
  if (typeof person['role'] === 'number' && 'is_admin' in state) {
    const role = person['role'];
    Object.assign(state, ROLE_FLAGS(role), { is_moderator: role === 300 });
    recomputePermissions(state, role);
  }
}

/** A deactivated user leaves subscriber lists, group memberships and anonymous group settings. */
function dropDeactivatedUser(state: State, userId: number): void {
  for (const key of ['subscriptions', 'unsubscribed', 'never_subscribed']) {
    for (const sub of listOf(state, key) ?? []) {
      for (const field of ['subscribers', 'partial_subscribers']) {
        if (Array.isArray(sub[field])) sub[field] = (sub[field] as number[]).filter((id) => id !== userId);
      }
    }
  }
  for (const group of listOf(state, 'realm_user_groups') ?? []) {
    if (Array.isArray(group['members']))
      group['members'] = (group['members'] as number[]).filter((id) => id !== userId);
  }
  const dropFrom = (holder: Entry) => {
    for (const [key, value] of Object.entries(holder)) {
      if (value !== null && typeof value === 'object' && Array.isArray((value as Entry)['direct_members'])) {
        holder[key] = {
          ...(value as Entry),
          direct_members: ((value as Entry)['direct_members'] as number[]).filter((id) => id !== userId),
        };
      }
    }
  };
  dropFrom(state);
  for (const group of listOf(state, 'realm_user_groups') ?? []) dropFrom(group);
}

/** `user_group` events. */
export function applyUserGroup(state: State, event: EventOf<'user_group'>): void {
  const groups = listOf(state, 'realm_user_groups');
  if (!groups) return;
  const group = 'group_id' in event ? groups.find((g) => g['id'] === event.group_id) : undefined;
  const change = (field: string, ids: readonly number[], add: boolean) => {
    if (!group) return;
    const set = new Set(group[field] as number[]);
    for (const id of ids)
      if (add) set.add(id);
      else set.delete(id);
    group[field] = [...set].sort((a, b) => a - b);
  };
  switch (event.op) {
    case 'add':
      groups.push(copy(event.group));
      groups.sort((a, b) => (a['id'] as number) - (b['id'] as number));
      break;
    case 'update':
      if (group) Object.assign(group, copy(event.data));
      break;
    case 'add_members':
    case 'remove_members':
      change('members', event.user_ids, event.op === 'add_members');
      break;
    case 'add_subgroups':
    case 'remove_subgroups':
      change('direct_subgroup_ids', event.direct_subgroup_ids, event.op === 'add_subgroups');
      break;
    case 'remove':
      state['realm_user_groups'] = groups.filter((g) => g['id'] !== event.group_id);
      break;
    default:
      // An op of a newer server: nothing known to change.
      break;
  }
  recomputePermissions(state);
}
