import { expect } from 'vitest';
import { failure, outcome, scenario, type Scenario } from '../../harness.js';
import { userGroupLifecycleScenarios } from './lifecycle.js';
import { userGroupPermissionMatrix } from './permission-matrix.js';
import { groupById, groupIds, pendingEvents, SYSTEM_GROUP_ORDER, uid } from './helpers.js';

const NOTHING_TO_DO = 'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".';

/**
 * Scenarios of user groups (issue 4): system groups and their nesting, creation, membership
 * changes with every error, atomicity, joining and leaving; then (from
 * `user-groups-lifecycle.ts`) PATCH, deactivation, deactivated groups and users, register;
 * and the permission matrix of every user-group endpoint.
 */
export const userGroupScenarios: Scenario[] = [
  scenario(
    'user-groups: the eight system groups are nested like the real server and list members by role',
    async (t) => {
      const { user_groups } = await t.client('member').userGroups.list();
      expect(user_groups.map((g) => g.name)).toEqual([...SYSTEM_GROUP_ORDER, 'leads', 'support']);
      const ids = await groupIds(t);
      const byName = Object.fromEntries(user_groups.map((g) => [g.name, g]));
      // owners ⊂ administrators ⊂ moderators ⊂ full members ⊂ members ⊂ everyone ⊂ internet
      for (const [inner, outer] of [
        ['role:owners', 'role:administrators'],
        ['role:administrators', 'role:moderators'],
        ['role:moderators', 'role:fullmembers'],
        ['role:fullmembers', 'role:members'],
        ['role:members', 'role:everyone'],
        ['role:everyone', 'role:internet'],
      ] as const) {
        expect(byName[outer]?.direct_subgroup_ids).toEqual([ids[inner]]);
      }
      expect(byName['role:owners']?.direct_subgroup_ids).toEqual([]);
      expect(byName['role:nobody']).toMatchObject({ direct_subgroup_ids: [], members: [] });
      const members = Object.fromEntries(SYSTEM_GROUP_ORDER.map((name) => [name, byName[name]?.members]));
      expect(members).toEqual({
        'role:owners': [uid(t, 'owner')],
        'role:administrators': [uid(t, 'administrator')],
        'role:moderators': [uid(t, 'moderator')],
        'role:fullmembers': [uid(t, 'member'), uid(t, 'bot')],
        'role:members': [uid(t, 'member'), uid(t, 'bot')],
        'role:everyone': [uid(t, 'guest')],
        'role:internet': [],
        'role:nobody': [],
      });
      for (const name of SYSTEM_GROUP_ORDER) {
        expect(byName[name]).toMatchObject({
          is_system_group: true,
          creator_id: null,
          deactivated: false,
          can_manage_group: ids['role:nobody'],
          can_add_members_group: ids['role:nobody'],
          can_join_group: ids['role:nobody'],
          can_leave_group: ids['role:nobody'],
          can_mention_group: ids['role:nobody'],
          can_remove_members_group: ids['role:nobody'],
        });
      }
      expect(byName['support']).toMatchObject({
        members: [uid(t, 'administrator'), uid(t, 'member')],
        direct_subgroup_ids: [ids['leads']],
        is_system_group: false,
        creator_id: uid(t, 'owner'),
        can_manage_group: { direct_members: [uid(t, 'owner')], direct_subgroups: [] },
        can_add_members_group: { direct_members: [uid(t, 'owner')], direct_subgroups: [] },
        can_join_group: ids['role:members'],
        can_leave_group: ids['role:everyone'],
        can_mention_group: ids['role:everyone'],
        can_remove_members_group: ids['role:nobody'],
      });

      const member = t.client('member');
      const recursive = {
        everyone: await member.userGroups.listMembers({ user_group_id: ids['role:everyone'] as number }),
        fullMembers: await member.userGroups.listMembers({ user_group_id: ids['role:fullmembers'] as number }),
        fullMembersDirect: await member.userGroups.listMembers({
          user_group_id: ids['role:fullmembers'] as number,
          direct_member_only: true,
        }),
        support: await member.userGroups.listMembers({ user_group_id: ids['support'] as number }),
        internetSubgroups: await member.userGroups.listSubgroups({ user_group_id: ids['role:internet'] as number }),
        internetDirect: await member.userGroups.listSubgroups({
          user_group_id: ids['role:internet'] as number,
          direct_subgroup_only: true,
        }),
        supportSubgroups: await member.userGroups.listSubgroups({ user_group_id: ids['support'] as number }),
      };
      const all = (['owner', 'administrator', 'moderator', 'member', 'guest', 'bot'] as const)
        .map((role) => uid(t, role))
        .sort((a, b) => a - b);
      expect(recursive.everyone.members).toEqual(all);
      expect(recursive.fullMembers.members).toEqual(all.filter((id) => id !== uid(t, 'guest')));
      expect(recursive.fullMembersDirect.members).toEqual([uid(t, 'member'), uid(t, 'bot')]);
      expect(recursive.support.members).toEqual([
        uid(t, 'owner'),
        uid(t, 'administrator'),
        uid(t, 'moderator'),
        uid(t, 'member'),
      ]);
      expect(recursive.internetSubgroups.subgroups).toEqual(
        SYSTEM_GROUP_ORDER.slice(0, 6)
          .map((name) => ids[name])
          .sort((a, b) => (a ?? 0) - (b ?? 0)),
      );
      expect(recursive.internetDirect.subgroups).toEqual([ids['role:everyone']]);
      expect(recursive.supportSubgroups.subgroups).toEqual([ids['leads']]);

      const isMember = (group: string, role: 'owner' | 'guest' | 'bot' | 'moderator', direct = false) =>
        outcome(
          member.userGroups.isMember({
            user_group_id: ids[group] as number,
            user_id: uid(t, role),
            direct_member_only: direct,
          }),
        );
      const membership = {
        ownerInModerators: await isMember('role:moderators', 'owner'),
        ownerDirectlyInModerators: await isMember('role:moderators', 'owner', true),
        moderatorInSupport: await isMember('support', 'moderator'),
        moderatorDirectlyInSupport: await isMember('support', 'moderator', true),
        guestInMembers: await isMember('role:members', 'guest'),
        guestInEveryone: await isMember('role:everyone', 'guest', true),
        bot: await isMember('role:members', 'bot'),
        unknownGroup: await outcome(member.userGroups.isMember({ user_group_id: 999, user_id: uid(t, 'owner') })),
        unknownUser: await outcome(
          member.userGroups.isMember({ user_group_id: ids['support'] as number, user_id: 999 }),
        ),
      };
      expect(membership).toMatchObject({
        ownerInModerators: { ok: { is_user_group_member: true } },
        ownerDirectlyInModerators: { ok: { is_user_group_member: false } },
        moderatorInSupport: { ok: { is_user_group_member: true } },
        moderatorDirectlyInSupport: { ok: { is_user_group_member: false } },
        guestInMembers: { ok: { is_user_group_member: false } },
        guestInEveryone: { ok: { is_user_group_member: true } },
        bot: { error: { code: 'BAD_REQUEST', msg: 'No such user' } },
        unknownGroup: { error: { msg: 'Invalid user group' } },
        unknownUser: { error: { msg: 'No such user' } },
      });
      return { user_groups, recursive, membership };
    },
  ),

  scenario('user-groups: POST /user_groups/create validates every parameter and answers the group ID', async (t) => {
    const ids = await groupIds(t);
    const member = t.client('member');
    const base = { description: 'Pixels', members: [] as number[] };
    const errors = {
      blank: await failure(member.userGroups.create({ ...base, name: '   ' })),
      long: await failure(member.userGroups.create({ ...base, name: 'x'.repeat(101) })),
      at: await failure(member.userGroups.create({ ...base, name: '@designers' })),
      role: await failure(member.userGroups.create({ ...base, name: 'role:designers' })),
      user: await failure(member.userGroups.create({ ...base, name: 'user:designers' })),
      stream: await failure(member.userGroups.create({ ...base, name: 'stream:designers' })),
      channel: await failure(member.userGroups.create({ ...base, name: 'channel:designers' })),
      duplicate: await failure(member.userGroups.create({ ...base, name: 'support' })),
      badMember: await failure(
        member.userGroups.create({ ...base, name: 'designers', members: [uid(t, 'member'), 999] }),
      ),
      badSubgroup: await failure(member.userGroups.create({ ...base, name: 'designers', subgroups: [999] })),
      badSettingGroup: await failure(member.userGroups.create({ ...base, name: 'designers', can_mention_group: 999 })),
      everyoneManages: await failure(
        member.userGroups.create({ ...base, name: 'designers', can_manage_group: ids['role:everyone'] as number }),
      ),
      internetMentions: await failure(
        member.userGroups.create({ ...base, name: 'designers', can_mention_group: ids['role:internet'] as number }),
      ),
      anonymousBadUser: await failure(
        member.userGroups.create({
          ...base,
          name: 'designers',
          can_join_group: { direct_members: [999], direct_subgroups: [] },
        }),
      ),
      anonymousBadGroup: await failure(
        member.userGroups.create({
          ...base,
          name: 'designers',
          can_join_group: { direct_members: [uid(t, 'member')], direct_subgroups: [999] },
        }),
      ),
      guest: await failure(t.client('guest').userGroups.create({ ...base, name: 'designers' })),
      bot: await failure(t.client('bot').userGroups.create({ ...base, name: 'designers' })),
    };
    expect(Object.fromEntries(Object.entries(errors).map(([key, error]) => [key, error.msg]))).toEqual({
      blank: "User group name can't be empty!",
      long: 'User group name cannot exceed 100 characters.',
      at: "User group name cannot start with '@'.",
      role: "User group name cannot start with 'role:'.",
      user: "User group name cannot start with 'user:'.",
      stream: "User group name cannot start with 'stream:'.",
      channel: "User group name cannot start with 'channel:'.",
      duplicate: "User group 'support' already exists.",
      badMember: 'Invalid user ID: 999',
      badSubgroup: 'Invalid user group ID: 999',
      badSettingGroup: 'Invalid user group',
      everyoneManages: "'can_manage_group' setting cannot be set to 'role:everyone' group.",
      internetMentions: "'can_mention_group' setting cannot be set to 'role:internet' group.",
      anonymousBadUser: 'Invalid user ID: 999',
      anonymousBadGroup: 'Invalid user group ID: 999',
      guest: 'Not allowed for guest users',
      bot: 'This endpoint does not accept bot requests.',
    });
    expect(new Set(Object.values(errors).map((e) => `${e.code} ${e.status}`))).toEqual(new Set(['BAD_REQUEST 400']));
    const missing = await t.raw('POST', '/user_groups/create', {
      role: 'member',
      params: { name: 'designers', description: 'x' },
    });
    expect(missing.body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'members' argument",
      var_name: 'members',
    });
    // A failed creation leaves nothing behind (the last check, on subgroups, fails after the insert).
    expect(Object.keys(await groupIds(t))).toEqual(Object.keys(ids));

    const { group_id } = await member.userGroups.create({
      name: 'designers',
      description: 'Pixels and **fonts**',
      members: [uid(t, 'member'), uid(t, 'guest'), uid(t, 'member')],
      subgroups: [ids['support'] as number],
      can_join_group: ids['role:members'] as number,
      can_mention_group: { direct_members: [], direct_subgroups: [ids['leads'] as number] },
      can_remove_members_group: {
        direct_members: [uid(t, 'moderator'), uid(t, 'owner')],
        direct_subgroups: [ids['leads'] as number],
      },
    });
    // IDs only grow: the creation that failed on its subgroups used one (as a database sequence would)
    expect(group_id).toBe((ids['support'] as number) + 2);
    const created = await groupById(t, group_id);
    expect(created).toEqual({
      id: group_id,
      name: 'designers',
      description: 'Pixels and **fonts**',
      creator_id: uid(t, 'member'),
      date_created: expect.any(Number),
      members: [uid(t, 'member'), uid(t, 'guest')],
      direct_subgroup_ids: [ids['support']],
      is_system_group: false,
      deactivated: false,
      can_add_members_group: { direct_members: [uid(t, 'member')], direct_subgroups: [] },
      can_manage_group: { direct_members: [uid(t, 'member')], direct_subgroups: [] },
      can_join_group: ids['role:members'],
      can_leave_group: ids['role:everyone'],
      can_mention_group: ids['leads'],
      can_remove_members_group: {
        direct_members: [uid(t, 'owner'), uid(t, 'moderator')],
        direct_subgroups: [ids['leads']],
      },
    });
    return { errors, missing, group_id, created };
  }),

  scenario('user-groups: creation sends add, then add_subgroups, to every active user', async (t) => {
    const ids = await groupIds(t);
    const guestQueue = await t.client('guest').events.register({ event_types: ['user_group'] });
    const { group_id } = await t.client('moderator').userGroups.create({
      name: 'on-call',
      description: '',
      members: [uid(t, 'moderator')],
      subgroups: [ids['leads'] as number, ids['role:administrators'] as number],
    });
    const events = await pendingEvents(t, 'guest', guestQueue.queue_id);
    expect(events).toEqual([
      {
        type: 'user_group',
        op: 'add',
        group: expect.objectContaining({
          id: group_id,
          name: 'on-call',
          members: [uid(t, 'moderator')],
          direct_subgroup_ids: [],
        }),
        id: 0,
      },
      {
        type: 'user_group',
        op: 'add_subgroups',
        group_id,
        direct_subgroup_ids: [ids['role:administrators'], ids['leads']],
        id: 1,
      },
    ]);
    return events;
  }),

  scenario('user-groups: add, delete, add_subgroups and delete_subgroups with every error', async (t) => {
    const ids = await groupIds(t);
    const support = ids['support'] as number;
    const leads = ids['leads'] as number;
    const owner = t.client('owner');
    const change = (
      groupId: number,
      params: { add?: number[]; delete?: number[]; add_subgroups?: number[]; delete_subgroups?: number[] },
    ) => owner.userGroups.updateMembers({ user_group_id: groupId, ...params });
    const { group_id: escalations } = await owner.userGroups.create({
      name: 'escalations',
      description: '',
      members: [],
      subgroups: [support],
    });

    const steps = {
      addGuest: await outcome(change(support, { add: [uid(t, 'guest')] })),
      addGuestAgain: await failure(change(support, { add: [uid(t, 'bot'), uid(t, 'guest')] })),
      addUnknown: await failure(change(support, { add: [999] })),
      // the moderator is in support only through `leads`: not a direct member
      deleteIndirect: await failure(change(support, { delete: [uid(t, 'moderator')] })),
      deleteUnknown: await failure(change(support, { delete: [999] })),
      deleteGuest: await outcome(change(support, { delete: [uid(t, 'guest')] })),
      deleteGuestAgain: await failure(change(support, { delete: [uid(t, 'guest')] })),
      subgroupAlready: await failure(change(support, { add_subgroups: [leads] })),
      subgroupSelf: await failure(change(support, { add_subgroups: [support] })),
      subgroupCycle: await failure(change(leads, { add_subgroups: [support] })),
      subgroupIndirectCycle: await failure(change(leads, { add_subgroups: [escalations] })),
      subgroupUnknown: await failure(change(support, { add_subgroups: [999] })),
      notASubgroup: await failure(change(support, { delete_subgroups: [ids['role:members'] as number] })),
      deleteSubgroupUnknown: await failure(change(support, { delete_subgroups: [999] })),
      deleteLeads: await outcome(change(support, { delete_subgroups: [leads] })),
      addSystemSubgroups: await outcome(change(support, { add_subgroups: [leads, ids['role:moderators'] as number] })),
      systemGroupAdd: await failure(change(ids['role:members'] as number, { add: [uid(t, 'guest')] })),
      systemGroupDelete: await failure(change(ids['role:members'] as number, { delete: [uid(t, 'member')] })),
      systemGroupSubgroups: await failure(change(ids['role:nobody'] as number, { add_subgroups: [leads] })),
      unknownGroup: await failure(change(999, { add: [uid(t, 'guest')] })),
      nothing: await failure(change(support, {})),
      nothingEmpty: await failure(change(support, { add: [], delete: [], add_subgroups: [], delete_subgroups: [] })),
      administrator: await failure(
        t.client('administrator').userGroups.updateMembers({ user_group_id: support, add: [uid(t, 'guest')] }),
      ),
      // a member of leads who does not manage it
      moderatorInLeads: await failure(
        t.client('moderator').userGroups.updateMembers({ user_group_id: leads, add: [uid(t, 'bot')] }),
      ),
      // add runs before delete: adding and removing the same user in one request works
      addThenDelete: await outcome(change(support, { delete: [uid(t, 'guest')], add: [uid(t, 'guest')] })),
      addThenDeleteSubgroup: await outcome(
        change(support, {
          delete_subgroups: [ids['role:owners'] as number],
          add_subgroups: [ids['role:owners'] as number],
        }),
      ),
    };
    expect(
      Object.fromEntries(
        Object.entries(steps).map(([key, value]) => [
          key,
          'msg' in value ? value.msg : 'ok' in value ? 'ok' : value.error.msg,
        ]),
      ),
    ).toEqual({
      addGuest: 'ok',
      addGuestAgain: `User ${uid(t, 'guest')} is already a member of this group`,
      addUnknown: 'Invalid user ID: 999',
      deleteIndirect: `There is no member '${uid(t, 'moderator')}' in this user group`,
      deleteUnknown: 'Invalid user ID: 999',
      deleteGuest: 'ok',
      deleteGuestAgain: `There is no member '${uid(t, 'guest')}' in this user group`,
      subgroupAlready: `User group ${leads} is already a subgroup of this group.`,
      subgroupSelf: `User group ${support} is already a subgroup of one of the passed subgroups.`,
      subgroupCycle: `User group ${leads} is already a subgroup of one of the passed subgroups.`,
      subgroupIndirectCycle: `User group ${leads} is already a subgroup of one of the passed subgroups.`,
      subgroupUnknown: 'Invalid user group ID: 999',
      notASubgroup: `User group ${ids['role:members']} is not a subgroup of this group.`,
      deleteSubgroupUnknown: 'Invalid user group ID: 999',
      deleteLeads: 'ok',
      addSystemSubgroups: 'ok',
      systemGroupAdd: 'Insufficient permission',
      systemGroupDelete: 'Insufficient permission',
      systemGroupSubgroups: 'Insufficient permission',
      unknownGroup: 'Invalid user group',
      nothing: NOTHING_TO_DO,
      nothingEmpty: NOTHING_TO_DO,
      administrator: 'Insufficient permission',
      moderatorInLeads: 'Insufficient permission',
      addThenDelete: 'ok',
      addThenDeleteSubgroup: 'ok',
    });
    const after = await groupById(t, support);
    expect(after).toMatchObject({
      members: [uid(t, 'administrator'), uid(t, 'member')],
      direct_subgroup_ids: [ids['role:moderators'], leads],
    });
    return { steps, after };
  }),

  scenario(
    'user-groups: POST /user_groups/{id}/subgroups adds, then deletes, all or nothing, with every error',
    async (t) => {
      const ids = await groupIds(t);
      const support = ids['support'] as number;
      const leads = ids['leads'] as number;
      const moderators = ids['role:moderators'] as number;
      const owner = t.client('owner');
      const change = (groupId: number, params: { add?: number[]; delete?: number[] }) =>
        owner.userGroups.updateSubgroups({ user_group_id: groupId, ...params });
      const queue = await t.client('member').events.register({ event_types: ['user_group'] });
      const steps = {
        nothing: await failure(change(support, {})),
        nothingEmpty: await failure(change(support, { add: [], delete: [] })),
        already: await failure(change(support, { add: [leads] })),
        self: await failure(change(support, { add: [support] })),
        cycle: await failure(change(leads, { add: [support] })),
        unknown: await failure(change(support, { add: [999] })),
        notASubgroup: await failure(change(support, { delete: [moderators] })),
        unknownGroup: await failure(change(999, { add: [moderators] })),
        systemGroup: await failure(change(ids['role:nobody'] as number, { add: [leads] })),
        administrator: await failure(
          t.client('administrator').userGroups.updateSubgroups({ user_group_id: support, add: [moderators] }),
        ),
        guest: await failure(
          t.client('guest').userGroups.updateSubgroups({ user_group_id: support, add: [moderators] }),
        ),
        // the addition succeeds, the removal fails: nothing remains
        allOrNothing: await failure(change(support, { add: [moderators], delete: [999] })),
      };
      expect(Object.fromEntries(Object.entries(steps).map(([key, value]) => [key, value.msg]))).toEqual({
        nothing: 'Nothing to do. Specify at least one of "add" or "delete".',
        nothingEmpty: 'Nothing to do. Specify at least one of "add" or "delete".',
        already: `User group ${leads} is already a subgroup of this group.`,
        self: `User group ${support} is already a subgroup of one of the passed subgroups.`,
        cycle: `User group ${leads} is already a subgroup of one of the passed subgroups.`,
        unknown: 'Invalid user group ID: 999',
        notASubgroup: `User group ${moderators} is not a subgroup of this group.`,
        unknownGroup: 'Invalid user group',
        systemGroup: 'Insufficient permission',
        administrator: 'Insufficient permission',
        guest: 'Not allowed for guest users',
        allOrNothing: 'Invalid user group ID: 999',
      });
      expect((await groupById(t, support)).direct_subgroup_ids).toEqual([leads]);
      expect(await pendingEvents(t, 'member', queue.queue_id)).toEqual([]);
      // add runs before delete: the same group can be added and removed in one request
      await change(support, { add: [moderators], delete: [leads] });
      expect((await groupById(t, support)).direct_subgroup_ids).toEqual([moderators]);
      expect(await pendingEvents(t, 'member', queue.queue_id)).toEqual([
        { type: 'user_group', op: 'add_subgroups', group_id: support, direct_subgroup_ids: [moderators], id: 0 },
        { type: 'user_group', op: 'remove_subgroups', group_id: support, direct_subgroup_ids: [leads], id: 1 },
      ]);
      return steps;
    },
  ),

  scenario(
    'user-groups: a membership request is all or nothing, and a successful one sends its events in order',
    async (t) => {
      const ids = await groupIds(t);
      const support = ids['support'] as number;
      const before = await groupById(t, support);
      const queue = await t.client('member').events.register({ event_types: ['user_group'] });
      const owner = t.client('owner');
      // add, delete and add_subgroups succeed; delete_subgroups fails last: nothing may remain
      const failed = await failure(
        owner.userGroups.updateMembers({
          user_group_id: support,
          add: [uid(t, 'guest')],
          delete: [uid(t, 'administrator')],
          add_subgroups: [ids['role:moderators'] as number],
          delete_subgroups: [999],
        }),
      );
      expect(failed.msg).toBe('Invalid user group ID: 999');
      expect(await groupById(t, support)).toEqual(before);
      expect(await pendingEvents(t, 'member', queue.queue_id)).toEqual([]);

      await owner.userGroups.updateMembers({
        user_group_id: support,
        add: [uid(t, 'guest'), uid(t, 'bot')],
        delete: [uid(t, 'administrator')],
        add_subgroups: [ids['role:moderators'] as number],
        delete_subgroups: [ids['leads'] as number],
      });
      const events = await pendingEvents(t, 'member', queue.queue_id);
      expect(events).toEqual([
        {
          type: 'user_group',
          op: 'add_members',
          group_id: support,
          user_ids: [uid(t, 'guest'), uid(t, 'bot')].sort((a, b) => a - b),
          id: 0,
        },
        { type: 'user_group', op: 'remove_members', group_id: support, user_ids: [uid(t, 'administrator')], id: 1 },
        {
          type: 'user_group',
          op: 'add_subgroups',
          group_id: support,
          direct_subgroup_ids: [ids['role:moderators']],
          id: 2,
        },
        { type: 'user_group', op: 'remove_subgroups', group_id: support, direct_subgroup_ids: [ids['leads']], id: 3 },
      ]);
      const after = await groupById(t, support);
      expect(after).toMatchObject({
        members: [uid(t, 'member'), uid(t, 'guest'), uid(t, 'bot')].sort((a, b) => a - b),
        direct_subgroup_ids: [ids['role:moderators']],
      });
      return { failed, before, events, after };
    },
  ),

  scenario('user-groups: humans added or removed by someone else get a Notification Bot direct message', async (t) => {
    const ids = await groupIds(t);
    const support = ids['support'] as number;
    const queues = {
      guest: await t.client('guest').events.register({ event_types: ['message'] }),
      administrator: await t.client('administrator').events.register({ event_types: ['message'] }),
      member: await t.client('member').events.register({ event_types: ['message'] }),
    };
    const owner = t.client('owner');
    // A failed request sends nothing.
    await failure(
      owner.userGroups.updateMembers({ user_group_id: support, add: [uid(t, 'guest')], delete_subgroups: [999] }),
    );
    expect(await pendingEvents(t, 'guest', queues.guest.queue_id)).toEqual([]);
    // The bot is left out; the caller never notifies themselves.
    await owner.userGroups.updateMembers({
      user_group_id: support,
      add: [uid(t, 'guest'), uid(t, 'bot')],
      delete: [uid(t, 'administrator')],
    });
    await t.client('member').userGroups.updateMembers({ user_group_id: support, delete: [uid(t, 'member')] });
    const received = async (role: 'guest' | 'administrator' | 'member') =>
      (await pendingEvents(t, role, queues[role].queue_id)).map((event) => {
        const message = event['message'] as {
          sender_full_name: string;
          type: string;
          display_recipient: { id: number }[];
          content: string;
        };
        return {
          sender: message.sender_full_name,
          type: message.type,
          to: message.display_recipient.map((r) => r.id),
          content: message.content,
          flags: event['flags'],
        };
      });
    const notices = {
      guest: await received('guest'),
      administrator: await received('administrator'),
      member: await received('member'),
    };
    const bot = (await t.client('guest').events.register({ fetch_event_types: ['realm_user'], event_types: [] }))[
      'cross_realm_bots'
    ] as { user_id: number }[];
    const botId = bot[0]?.user_id as number;
    const olivia = `@_**Olivia Owner|${uid(t, 'owner')}**`;
    expect(notices).toEqual({
      guest: [
        {
          sender: 'Notification Bot',
          type: 'private',
          to: [uid(t, 'guest'), botId].sort((a, b) => a - b),
          content: `${olivia} added you to the group @_*support*.`,
          flags: [],
        },
      ],
      administrator: [
        {
          sender: 'Notification Bot',
          type: 'private',
          to: [uid(t, 'administrator'), botId].sort((a, b) => a - b),
          content: `${olivia} removed you from the group @_*support*.`,
          flags: [],
        },
      ],
      member: [],
    });
    // Rendered as silent mentions: nobody is notified of a mention.
    const { messages } = await t
      .client('guest')
      .messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'is', operand: 'dm' }] });
    expect(messages.map((m) => [m.content, m.flags])).toEqual([
      [
        `<p><span class="user-mention silent" data-user-id="${uid(t, 'owner')}">Olivia Owner</span> added you to the group <span class="user-group-mention silent" data-user-group-id="${support}">support</span>.</p>`,
        [],
      ],
    ]);
    // The Notification Bot belongs to no group of the organization.
    const roleMembers = (await groupById(t, ids['role:members'] as number)).members;
    expect(roleMembers).not.toContain(botId);
    return { notices, messages, roleMembers };
  }),

  scenario('user-groups: joining and leaving follow can_join_group and can_leave_group', async (t) => {
    const ids = await groupIds(t);
    const support = ids['support'] as number;
    const leads = ids['leads'] as number;
    const self = (role: 'administrator' | 'moderator' | 'member', op: 'add' | 'delete', group: number) =>
      outcome(t.client(role).userGroups.updateMembers({ user_group_id: group, [op]: [uid(t, role)] }));
    const steps = {
      // support: can_join_group = role:members
      moderatorJoinsSupport: await self('moderator', 'add', support),
      // leads: can_join_group = role:nobody (the default)
      administratorJoinsLeads: await self('administrator', 'add', leads),
      // joining with someone else is adding members: can_add_members_group
      memberJoinsWithGuest: await outcome(
        t.client('member').userGroups.updateMembers({ user_group_id: leads, add: [uid(t, 'member'), uid(t, 'guest')] }),
      ),
      // can_leave_group = role:everyone (the default)
      memberLeavesSupport: await self('member', 'delete', support),
      memberRejoinsSupport: await self('member', 'add', support),
      memberRemovesAdministrator: await outcome(
        t.client('member').userGroups.updateMembers({ user_group_id: support, delete: [uid(t, 'administrator')] }),
      ),
    };
    await t
      .client('owner')
      .userGroups.update({ user_group_id: support, can_leave_group: { new: ids['role:nobody'] as number } });
    const locked = {
      administratorLeaves: await self('administrator', 'delete', support),
    };
    // falls back to can_remove_members_group, which also lets them remove others
    await t.client('owner').userGroups.update({
      user_group_id: support,
      can_remove_members_group: { new: ids['role:administrators'] as number },
    });
    const fallback = {
      administratorLeaves: await self('administrator', 'delete', support),
      administratorRemovesMember: await outcome(
        t.client('administrator').userGroups.updateMembers({ user_group_id: support, delete: [uid(t, 'member')] }),
      ),
    };
    expect(steps).toMatchObject({
      moderatorJoinsSupport: { ok: {} },
      administratorJoinsLeads: { error: { msg: 'Insufficient permission' } },
      memberJoinsWithGuest: { error: { msg: 'Insufficient permission' } },
      memberLeavesSupport: { ok: {} },
      memberRejoinsSupport: { ok: {} },
      memberRemovesAdministrator: { error: { msg: 'Insufficient permission' } },
    });
    expect(locked).toMatchObject({ administratorLeaves: { error: { msg: 'Insufficient permission' } } });
    expect(fallback).toMatchObject({ administratorLeaves: { ok: {} }, administratorRemovesMember: { ok: {} } });
    const after = await groupById(t, support);
    expect(after.members).toEqual([uid(t, 'moderator')]);

    // the creator manages their group; owners manage every group (can_manage_all_groups)
    const { group_id: bookClub } = await t
      .client('member')
      .userGroups.create({ name: 'book club', description: 'Reading', members: [] });
    const creator = {
      memberAdds: await outcome(
        t
          .client('member')
          .userGroups.updateMembers({ user_group_id: bookClub, add: [uid(t, 'guest')], add_subgroups: [leads] }),
      ),
      memberRemovesSubgroup: await outcome(
        t.client('member').userGroups.updateMembers({ user_group_id: bookClub, delete_subgroups: [leads] }),
      ),
      administratorAdds: await outcome(
        t.client('administrator').userGroups.updateMembers({ user_group_id: bookClub, add: [uid(t, 'bot')] }),
      ),
      ownerAdds: await outcome(
        t.client('owner').userGroups.updateMembers({ user_group_id: bookClub, add: [uid(t, 'bot')] }),
      ),
    };
    expect(creator).toMatchObject({
      memberAdds: { ok: {} },
      memberRemovesSubgroup: { ok: {} },
      administratorAdds: { error: { msg: 'Insufficient permission' } },
      ownerAdds: { ok: {} },
    });
    return { steps, locked, fallback, after, creator };
  }),

  ...userGroupLifecycleScenarios,
  userGroupPermissionMatrix,
];
