import type { Client } from '@teamchat/client-sdk';
import type { DemoRole } from '@teamchat/server';
import { expect } from 'vitest';
import { scenario, type ScenarioContext } from '../../harness.js';
import { groupIds, uid, verdict } from './helpers.js';

type Expectation = 'allow' | 'deny';

/** What a row's setup prepared for one call: a fresh group, and maybe a fresh subgroup. */
interface Fixture {
  group: number;
  subgroup: number;
}

/** One endpoint (or one permission path of it), called once per role. */
interface MatrixRow {
  endpoint: string;
  /** Prepares a fresh state for the call of `role` (as the owner), so calls do not interfere. */
  setup?: (t: ScenarioContext, role: DemoRole, ids: Record<string, number>) => Promise<Fixture>;
  call: (client: Client, fixture: Fixture, role: DemoRole) => Promise<unknown>;
  expect: Record<DemoRole, Expectation>;
}

const ROLES: readonly DemoRole[] = ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot'];

const humansAndMembers: Record<DemoRole, Expectation> = {
  owner: 'allow',
  administrator: 'allow',
  moderator: 'allow',
  member: 'allow',
  guest: 'deny',
  bot: 'deny',
};
/** Groups made by the owner with default settings: only the creator and `can_manage_all_groups` (owners). */
const ownerOnly: Record<DemoRole, Expectation> = {
  owner: 'allow',
  administrator: 'deny',
  moderator: 'deny',
  member: 'deny',
  guest: 'deny',
  bot: 'deny',
};

/** Someone other than the caller, to add or remove. */
const otherThan = (role: DemoRole): DemoRole => (role === 'guest' ? 'member' : 'guest');

/**
 * Each user-group endpoint called as owner, administrator, moderator, member, guest and bot.
 * Groups under test are made fresh per call by the owner (creator, hence manager), with the
 * settings a row names; the organization keeps its defaults (`can_create_groups` =
 * role:members, `can_manage_all_groups` = role:owners).
 */
function rows(t: ScenarioContext): MatrixRow[] {
  let counter = 0;
  const freshGroup =
    (
      options: {
        members?: (role: DemoRole) => DemoRole[];
        withSubgroup?: boolean;
        settings?: (ids: Record<string, number>) => Record<string, number>;
      } = {},
    ) =>
    async (ctx: ScenarioContext, role: DemoRole, ids: Record<string, number>): Promise<Fixture> => {
      counter += 1;
      const owner = ctx.client('owner');
      const { group_id: subgroup } = await owner.userGroups.create({
        name: `matrix-sub-${counter}`,
        description: '',
        members: [],
      });
      const { group_id: group } = await owner.userGroups.create({
        name: `matrix-${counter}`,
        description: 'Permission matrix',
        members: (options.members?.(role) ?? []).map((r) => uid(ctx, r)),
        ...(options.withSubgroup ? { subgroups: [subgroup] } : {}),
        ...(options.settings?.(ids) ?? {}),
      });
      return { group, subgroup };
    };
  const support = async (ctx: ScenarioContext, _role: DemoRole, ids: Record<string, number>): Promise<Fixture> => ({
    group: ids['support'] as number,
    subgroup: ids['leads'] as number,
  });
  return [
    { endpoint: 'GET /user_groups', call: (c) => c.userGroups.list(), expect: humansAndMembers },
    {
      endpoint: 'POST /user_groups/create',
      call: (c, _f, role) => c.userGroups.create({ name: `made by ${role}`, description: '', members: [] }),
      expect: humansAndMembers,
    },
    {
      endpoint: 'POST /user_groups/{id}/members add (another user)',
      setup: freshGroup(),
      call: (c, f, role) => c.userGroups.updateMembers({ user_group_id: f.group, add: [uid(t, otherThan(role))] }),
      expect: ownerOnly,
    },
    {
      endpoint: 'POST /user_groups/{id}/members delete (another user)',
      setup: freshGroup({ members: (role) => [otherThan(role)] }),
      call: (c, f, role) => c.userGroups.updateMembers({ user_group_id: f.group, delete: [uid(t, otherThan(role))] }),
      expect: ownerOnly,
    },
    {
      endpoint: 'POST /user_groups/{id}/members add_subgroups',
      setup: freshGroup(),
      call: (c, f) => c.userGroups.updateMembers({ user_group_id: f.group, add_subgroups: [f.subgroup] }),
      expect: ownerOnly,
    },
    {
      endpoint: 'POST /user_groups/{id}/subgroups add',
      setup: freshGroup(),
      call: (c, f) => c.userGroups.updateSubgroups({ user_group_id: f.group, add: [f.subgroup] }),
      expect: ownerOnly,
    },
    {
      endpoint: 'POST /user_groups/{id}/subgroups delete',
      setup: freshGroup({ withSubgroup: true }),
      call: (c, f) => c.userGroups.updateSubgroups({ user_group_id: f.group, delete: [f.subgroup] }),
      expect: ownerOnly,
    },
    {
      endpoint: 'POST /user_groups/{id}/members delete_subgroups',
      setup: freshGroup({ withSubgroup: true }),
      call: (c, f) => c.userGroups.updateMembers({ user_group_id: f.group, delete_subgroups: [f.subgroup] }),
      expect: ownerOnly,
    },
    {
      endpoint: 'POST /user_groups/{id}/members add self (can_join_group = role:members)',
      setup: freshGroup({ settings: (ids) => ({ can_join_group: ids['role:members'] as number }) }),
      call: (c, f, role) => c.userGroups.updateMembers({ user_group_id: f.group, add: [uid(t, role)] }),
      expect: humansAndMembers,
    },
    {
      endpoint: 'POST /user_groups/{id}/members delete self (can_leave_group = role:everyone)',
      setup: freshGroup({ members: (role) => [role] }),
      call: (c, f, role) => c.userGroups.updateMembers({ user_group_id: f.group, delete: [uid(t, role)] }),
      expect: humansAndMembers,
    },
    {
      endpoint: 'POST /user_groups/{id}/members add (can_add_members_group = role:moderators)',
      setup: freshGroup({ settings: (ids) => ({ can_add_members_group: ids['role:moderators'] as number }) }),
      call: (c, f, role) => c.userGroups.updateMembers({ user_group_id: f.group, add: [uid(t, otherThan(role))] }),
      expect: { ...ownerOnly, administrator: 'allow', moderator: 'allow' },
    },
    {
      endpoint: 'POST /user_groups/{id}/members delete_subgroups (can_manage_group = role:members)',
      setup: freshGroup({
        withSubgroup: true,
        settings: (ids) => ({ can_manage_group: ids['role:members'] as number }),
      }),
      call: (c, f) => c.userGroups.updateMembers({ user_group_id: f.group, delete_subgroups: [f.subgroup] }),
      expect: humansAndMembers,
    },
    {
      endpoint: 'POST /user_groups/{id}/members add to a system group (role:members)',
      setup: async (_ctx, _role, ids) => ({ group: ids['role:members'] as number, subgroup: ids['leads'] as number }),
      call: (c, f, role) => c.userGroups.updateMembers({ user_group_id: f.group, add: [uid(t, otherThan(role))] }),
      expect: { ...ownerOnly, owner: 'deny' },
    },
    {
      endpoint: 'PATCH /user_groups/{id}',
      setup: freshGroup(),
      call: (c, f, role) => c.userGroups.update({ user_group_id: f.group, description: `edited by ${role}` }),
      expect: ownerOnly,
    },
    {
      endpoint: 'POST /user_groups/{id}/deactivate',
      setup: freshGroup(),
      call: (c, f) => c.userGroups.deactivate({ user_group_id: f.group }),
      expect: ownerOnly,
    },
    {
      endpoint: 'GET /user_groups/{id}/members',
      setup: support,
      call: (c, f) => c.userGroups.listMembers({ user_group_id: f.group }),
      expect: humansAndMembers,
    },
    {
      endpoint: 'GET /user_groups/{id}/members/{user_id}',
      setup: support,
      call: (c, f) => c.userGroups.isMember({ user_group_id: f.group, user_id: uid(t, 'owner') }),
      expect: humansAndMembers,
    },
    {
      endpoint: 'GET /user_groups/{id}/subgroups',
      setup: support,
      call: (c, f) => c.userGroups.listSubgroups({ user_group_id: f.group }),
      expect: humansAndMembers,
    },
  ];
}

/**
 * The permission matrix of the user-group endpoints: every row called as each role; the
 * observed verdicts (`allow`, or `deny:` with code and message) are checked against the
 * table and returned, so both targets must also agree on every refusal message.
 */
export const userGroupPermissionMatrix = scenario(
  'user-groups: permission matrix of every endpoint by role',
  async (t) => {
    const ids = await groupIds(t);
    const observed: Record<string, Record<DemoRole, string>> = {};
    for (const row of rows(t)) {
      const verdicts = {} as Record<DemoRole, string>;
      for (const role of ROLES) {
        const fixture = row.setup ? await row.setup(t, role, ids) : { group: 0, subgroup: 0 };
        verdicts[role] = await verdict(row.call(t.client(role), fixture, role));
      }
      observed[row.endpoint] = verdicts;
      const simplified = Object.fromEntries(
        ROLES.map((role) => [role, verdicts[role].startsWith('allow') ? 'allow' : 'deny']),
      );
      expect({ endpoint: row.endpoint, ...simplified }).toEqual({ endpoint: row.endpoint, ...row.expect });
    }
    return observed;
  },
);
