import { computed } from '@preact/signals';
import { current } from './store.js';
import type { Message } from './types.js';

interface UserGroup {
  id: number;
  members: number[];
  direct_subgroup_ids: number[];
}

/**
 * Whether the user is in a group-setting value: a group ID (members and subgroups, as the
 * server resolves them) or `{direct_members, direct_subgroups}`.
 *
 * @see https://zulip.com/api/group-setting-values
 */
const groupsById = computed(
  () => new Map(((current()['realm_user_groups'] as UserGroup[] | undefined) ?? []).map((g) => [g.id, g])),
);

export function inGroupSetting(setting: unknown, userId: number): boolean {
  const groups = groupsById.value;
  const seen = new Set<number>();
  const inGroup = (id: number): boolean => {
    if (seen.has(id)) return false;
    seen.add(id);
    const group = groups.get(id);
    return !!group && (group.members.includes(userId) || group.direct_subgroup_ids.some(inGroup));
  };
  if (typeof setting === 'number') return inGroup(setting);
  if (typeof setting === 'object' && setting !== null) {
    const { direct_members: members = [], direct_subgroups: subgroups = [] } = setting as {
      direct_members?: number[];
      direct_subgroups?: number[];
    };
    return members.includes(userId) || subgroups.some(inGroup);
  }
  return false;
}

/** Seconds since the epoch on the server's clock (the register's `server_timestamp` against ours). */
let clockOffset = 0;
export function syncClock(serverTimestamp: number): void {
  clockOffset = serverTimestamp - Date.now() / 1000;
}
export function serverNow(): number {
  return Date.now() / 1000 + clockOffset;
}

const withinLimit = (message: Message, limit: number | null): boolean =>
  limit === null || limit === 0 || serverNow() - message.timestamp < limit;

/** Whether the user may edit a message's content now: their own, editing allowed, within the organization's time limit. */
export function canEdit(message: Message): boolean {
  const state = current();
  return (
    message.sender_id === state.user_id &&
    state.realm_allow_message_editing &&
    withinLimit(message, state.realm_message_content_edit_limit_seconds)
  );
}

/** Whether the user may delete a message now: anyone's with `can_delete_any_message_group`, their own with `can_delete_own_message_group` within the limit. */
export function canDelete(message: Message): boolean {
  const state = current();
  if (inGroupSetting(state['realm_can_delete_any_message_group'], state.user_id)) return true;
  return (
    message.sender_id === state.user_id &&
    inGroupSetting(state['realm_can_delete_own_message_group'], state.user_id) &&
    withinLimit(message, state.realm_message_content_delete_limit_seconds)
  );
}
