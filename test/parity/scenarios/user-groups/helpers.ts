import type { DemoRole } from '@teamchat/server';
import { outcome, type ScenarioContext } from '../../harness.js';

/** The group names of a fresh demo organization, in ID order. */
export const SYSTEM_GROUP_ORDER = [
  'role:owners',
  'role:administrators',
  'role:moderators',
  'role:fullmembers',
  'role:members',
  'role:everyone',
  'role:internet',
  'role:nobody',
] as const;

/** Group IDs by name (deactivated groups included), read through the API as the owner. */
export async function groupIds(t: ScenarioContext): Promise<Record<string, number>> {
  const { user_groups } = await t.client('owner').userGroups.list({ include_deactivated_groups: true });
  return Object.fromEntries(user_groups.map((group) => [group.name, group.id]));
}

/** The group `id` as GET /user_groups shows it (deactivated groups included). */
export async function groupById(t: ScenarioContext, id: number) {
  const { user_groups } = await t.client('owner').userGroups.list({ include_deactivated_groups: true });
  const group = user_groups.find((g) => g.id === id);
  if (!group) throw new Error(`group ${id} is not listed`);
  return group;
}

/** The user ID of a demo account. */
export const uid = (t: ScenarioContext, role: DemoRole): number => t.accounts[role].userId;

/** Events waiting in `queueId` of `role` (without blocking), as they are delivered. */
export async function pendingEvents(
  t: ScenarioContext,
  role: DemoRole,
  queueId: string | null,
): Promise<Record<string, unknown>[]> {
  return (await t.client(role).events.get({ queue_id: queueId ?? '', dont_block: true })).events;
}

/** Deactivates a demo account through DELETE /users/{id}, as the owner. */
export async function deactivateUser(t: ScenarioContext, role: DemoRole): Promise<void> {
  await t.client('owner').users.deactivate({ user_id: uid(t, role) });
}

/** `allow`, or `deny: <code> <msg>`: how a call ended, for permission tables. */
export async function verdict(promise: Promise<unknown>): Promise<string> {
  const result = await outcome(promise);
  return 'ok' in result ? 'allow' : `deny: ${result.error.code} ${result.error.msg}`;
}
