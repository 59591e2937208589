import { expect } from 'vitest';
import { failure, outcome, scenario, type Scenario } from '../../harness.js';
import { deactivateUser, groupById, groupIds, pendingEvents, uid } from './helpers.js';

/**
 * Scenarios of a user group's life after creation: PATCH with `{new, old}` settings,
 * deactivation and its objections, what deactivated groups still allow (membership changes,
 * FL 391) and refuse, deactivated users, and the `realm_user_groups` register block.
 */
export const userGroupLifecycleScenarios: Scenario[] = [
  scenario('user-groups: PATCH changes name, description and settings with {new, old}, all or nothing', async (t) => {
    const ids = await groupIds(t);
    const support = ids['support'] as number;
    const owner = t.client('owner');
    const queue = await t.client('member').events.register({ event_types: ['user_group'] });
    const ownerOnly = { direct_members: [uid(t, 'owner')], direct_subgroups: [] };
    const errors = {
      nothing: await failure(owner.userGroups.update({ user_group_id: support })),
      unknown: await failure(owner.userGroups.update({ user_group_id: 999, description: 'x' })),
      system: await failure(
        owner.userGroups.update({ user_group_id: ids['role:members'] as number, description: 'x' }),
      ),
      notManager: await failure(
        t.client('administrator').userGroups.update({ user_group_id: support, description: 'x' }),
      ),
      duplicate: await failure(owner.userGroups.update({ user_group_id: support, name: 'leads' })),
      badName: await failure(owner.userGroups.update({ user_group_id: support, name: 'role:support' })),
      mismatch: await failure(
        owner.userGroups.update({
          user_group_id: support,
          can_manage_group: { new: ids['role:administrators'] as number, old: ids['role:owners'] as number },
        }),
      ),
      // the rename is undone when a later setting fails
      atomic: await failure(
        owner.userGroups.update({
          user_group_id: support,
          name: 'helpdesk',
          can_manage_group: { new: ids['role:everyone'] as number },
        }),
      ),
      guest: await failure(t.client('guest').userGroups.update({ user_group_id: support, description: 'x' })),
    };
    expect(errors).toMatchObject({
      nothing: { code: 'BAD_REQUEST', msg: 'No new data supplied' },
      unknown: { msg: 'Invalid user group' },
      system: { msg: 'Insufficient permission' },
      notManager: { msg: 'Insufficient permission' },
      duplicate: { msg: "User group 'leads' already exists." },
      badName: { msg: "User group name cannot start with 'role:'." },
      mismatch: { code: 'EXPECTATION_MISMATCH', msg: "'old' value does not match the expected value.", status: 400 },
      atomic: { msg: "'can_manage_group' setting cannot be set to 'role:everyone' group." },
      guest: { msg: 'Not allowed for guest users' },
    });
    expect((await groupById(t, support)).name).toBe('support');
    expect(await pendingEvents(t, 'member', queue.queue_id)).toEqual([]);

    const unchanged = await owner.userGroups.update({
      user_group_id: support,
      name: 'support',
      can_manage_group: { new: ownerOnly, old: ownerOnly },
    });
    expect(await pendingEvents(t, 'member', queue.queue_id)).toEqual([]);
    await owner.userGroups.update({
      user_group_id: support,
      name: 'helpdesk',
      description: 'First line',
      can_manage_group: {
        new: { direct_members: [uid(t, 'member')], direct_subgroups: [ids['leads'] as number] },
        old: ownerOnly,
      },
      can_mention_group: { new: { direct_members: [], direct_subgroups: [ids['role:members'] as number] } },
    });
    const events = await pendingEvents(t, 'member', queue.queue_id);
    expect(events).toEqual([
      { type: 'user_group', op: 'update', group_id: support, data: { name: 'helpdesk' }, id: 0 },
      { type: 'user_group', op: 'update', group_id: support, data: { description: 'First line' }, id: 1 },
      {
        type: 'user_group',
        op: 'update',
        group_id: support,
        data: { can_manage_group: { direct_members: [uid(t, 'member')], direct_subgroups: [ids['leads']] } },
        id: 2,
      },
      { type: 'user_group', op: 'update', group_id: support, data: { can_mention_group: ids['role:members'] }, id: 3 },
    ]);
    // the member now manages the group
    const memberRenames = await outcome(
      t.client('member').userGroups.update({ user_group_id: support, description: 'Still first line' }),
    );
    expect(memberRenames).toEqual({ ok: {} });
    const after = await groupById(t, support);
    expect(after).toMatchObject({
      name: 'helpdesk',
      description: 'Still first line',
      can_mention_group: ids['role:members'],
    });
    return { errors, unchanged, events, after };
  }),

  scenario('user-groups: deactivation is refused while the group is in use, and hides the group', async (t) => {
    const ids = await groupIds(t);
    const support = ids['support'] as number;
    const leads = ids['leads'] as number;
    const owner = t.client('owner');
    const { id: channelId } = await owner.channels.create({
      name: 'escalations',
      subscribers: [],
      can_send_message_group: leads,
    });
    const { group_id: triage } = await owner.userGroups.create({
      name: 'triage',
      description: '',
      members: [],
      can_manage_group: { direct_members: [], direct_subgroups: [leads, ids['role:administrators'] as number] },
      can_mention_group: leads,
    });
    const inUse = await failure(owner.userGroups.deactivate({ user_group_id: leads }));
    expect(inUse).toEqual({
      code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
      msg: 'Cannot deactivate user group in use.',
      status: 400,
      extra: {
        objections: [
          { type: 'subgroup', supergroup_ids: [support] },
          { type: 'channel', channel_id: channelId, settings: ['can_send_message_group'] },
          { type: 'user_group', group_id: triage, settings: ['can_manage_group', 'can_mention_group'] },
        ],
      },
    });
    const denied = {
      system: await failure(owner.userGroups.deactivate({ user_group_id: ids['role:members'] as number })),
      unknown: await failure(owner.userGroups.deactivate({ user_group_id: 999 })),
      notManager: await failure(t.client('administrator').userGroups.deactivate({ user_group_id: support })),
    };
    expect(denied).toMatchObject({
      system: { msg: 'Insufficient permission' },
      unknown: { msg: 'Invalid user group' },
      notManager: { msg: 'Insufficient permission' },
    });

    const capable = await t
      .client('member')
      .events.register({ event_types: ['user_group'], client_capabilities: { include_deactivated_groups: true } });
    const legacy = await t.client('moderator').events.register({ event_types: ['user_group'] });
    await owner.userGroups.deactivate({ user_group_id: support });
    const again = await failure(owner.userGroups.deactivate({ user_group_id: support }));
    expect(again.msg).toBe('User group is deactivated.');
    const listed = (await t.client('member').userGroups.list()).user_groups.map((g) => g.name);
    const withDeactivated = await t.client('member').userGroups.list({ include_deactivated_groups: true });
    expect(listed).not.toContain('support');
    expect(withDeactivated.user_groups.find((g) => g.id === support)).toMatchObject({
      name: 'support',
      deactivated: true,
    });
    const states = {
      legacy: (
        await t.client('moderator').events.register({ fetch_event_types: ['realm_user_groups'], event_types: [] })
      )['realm_user_groups'],
      capable: (
        await t.client('moderator').events.register({
          fetch_event_types: ['realm_user_groups'],
          event_types: [],
          client_capabilities: { include_deactivated_groups: true },
        })
      )['realm_user_groups'],
    };
    expect((states.legacy as { id: number }[]).map((g) => g.id)).not.toContain(support);
    expect((states.capable as { id: number; deactivated: boolean }[]).find((g) => g.id === support)?.deactivated).toBe(
      true,
    );

    // now unused: leads has no active supergroup left, but the channel and triage still use it
    const stillInUse = await failure(owner.userGroups.deactivate({ user_group_id: leads }));
    expect(stillInUse.extra['objections']).toEqual([
      { type: 'channel', channel_id: channelId, settings: ['can_send_message_group'] },
      { type: 'user_group', group_id: triage, settings: ['can_manage_group', 'can_mention_group'] },
    ]);

    // a deactivated group can be renamed and reactivated
    await owner.userGroups.update({ user_group_id: support, name: 'old support' });
    await owner.userGroups.update({ user_group_id: support, deactivated: false });
    const events = {
      capable: await pendingEvents(t, 'member', capable.queue_id),
      legacy: await pendingEvents(t, 'moderator', legacy.queue_id),
    };
    expect(events.capable).toEqual([
      { type: 'user_group', op: 'update', group_id: support, data: { deactivated: true }, id: 0 },
      { type: 'user_group', op: 'update', group_id: support, data: { name: 'old support' }, id: 1 },
      { type: 'user_group', op: 'update', group_id: support, data: { deactivated: false }, id: 2 },
    ]);
    expect(events.legacy).toEqual([
      { type: 'user_group', op: 'remove', group_id: support, id: 0 },
      {
        type: 'user_group',
        op: 'add',
        group: expect.objectContaining({
          id: support,
          name: 'old support',
          deactivated: false,
          direct_subgroup_ids: [leads],
        }),
        id: 1,
      },
    ]);
    expect((await t.client('member').userGroups.list()).user_groups.map((g) => g.name)).toContain('old support');
    return { inUse, denied, again, listed, withDeactivated, states, stillInUse, events };
  }),

  scenario('user-groups: deactivated groups accept membership changes (FL 391) but cannot be used', async (t) => {
    const ids = await groupIds(t);
    const support = ids['support'] as number;
    const leads = ids['leads'] as number;
    const owner = t.client('owner');
    await owner.userGroups.deactivate({ user_group_id: support });
    const changes = {
      add: await outcome(owner.userGroups.updateMembers({ user_group_id: support, add: [uid(t, 'guest')] })),
      delete: await outcome(owner.userGroups.updateMembers({ user_group_id: support, delete: [uid(t, 'member')] })),
      addSubgroup: await outcome(
        owner.userGroups.updateMembers({ user_group_id: support, add_subgroups: [ids['role:moderators'] as number] }),
      ),
      deleteSubgroup: await outcome(
        owner.userGroups.updateMembers({ user_group_id: support, delete_subgroups: [leads] }),
      ),
      join: await outcome(
        t.client('moderator').userGroups.updateMembers({ user_group_id: support, add: [uid(t, 'moderator')] }),
      ),
    };
    expect(changes).toEqual({
      add: { ok: {} },
      delete: { ok: {} },
      addSubgroup: { ok: {} },
      deleteSubgroup: { ok: {} },
      join: { ok: {} },
    });
    const after = await groupById(t, support);
    expect(after).toMatchObject({
      deactivated: true,
      members: [uid(t, 'administrator'), uid(t, 'moderator'), uid(t, 'guest')],
      direct_subgroup_ids: [ids['role:moderators']],
    });
    const uses = {
      asSubgroup: await failure(owner.userGroups.updateMembers({ user_group_id: leads, add_subgroups: [support] })),
      removeAsSubgroup: await failure(
        owner.userGroups.updateMembers({ user_group_id: leads, delete_subgroups: [support] }),
      ),
      createWithSubgroup: await failure(
        owner.userGroups.create({ name: 'x', description: '', members: [], subgroups: [support] }),
      ),
      asSetting: await failure(
        owner.userGroups.create({ name: 'x', description: '', members: [], can_mention_group: support }),
      ),
      inAnonymousSetting: await failure(
        owner.userGroups.create({
          name: 'x',
          description: '',
          members: [],
          can_mention_group: { direct_members: [uid(t, 'owner')], direct_subgroups: [support] },
        }),
      ),
      channelSetting: await failure(
        owner.channels.create({ name: 'x', subscribers: [], can_send_message_group: support }),
      ),
      listMembers: await failure(owner.userGroups.listMembers({ user_group_id: support })),
      listSubgroups: await failure(owner.userGroups.listSubgroups({ user_group_id: support })),
      isMember: await failure(owner.userGroups.isMember({ user_group_id: support, user_id: uid(t, 'guest') })),
    };
    expect(new Set(Object.values(uses).map((error) => error.msg))).toEqual(new Set(['User group is deactivated.']));
    return { changes, after, uses };
  }),

  scenario('user-groups: deactivated users cannot be added or removed and vanish from member lists', async (t) => {
    const ids = await groupIds(t);
    const support = ids['support'] as number;
    const owner = t.client('owner');
    const { group_id: reviewers } = await owner.userGroups.create({
      name: 'reviewers',
      description: '',
      members: [uid(t, 'member'), uid(t, 'moderator')],
      can_mention_group: { direct_members: [uid(t, 'member'), uid(t, 'administrator')], direct_subgroups: [] },
    });
    await deactivateUser(t, 'member');
    const member = uid(t, 'member');
    const errors = {
      add: await failure(owner.userGroups.updateMembers({ user_group_id: reviewers, add: [member] })),
      delete: await failure(owner.userGroups.updateMembers({ user_group_id: support, delete: [member] })),
      create: await failure(owner.userGroups.create({ name: 'x', description: '', members: [member] })),
      setting: await failure(
        owner.userGroups.create({
          name: 'x',
          description: '',
          members: [],
          can_join_group: { direct_members: [member], direct_subgroups: [] },
        }),
      ),
      isMember: await failure(owner.userGroups.isMember({ user_group_id: support, user_id: member })),
    };
    expect(errors).toMatchObject({
      add: { msg: `Invalid user ID: ${member}` },
      delete: { msg: `Invalid user ID: ${member}` },
      create: { msg: `Invalid user ID: ${member}` },
      setting: { msg: `Invalid user ID: ${member}` },
      isMember: { msg: 'User is deactivated' },
    });
    const groups = {
      support: await groupById(t, support),
      reviewers: await groupById(t, reviewers),
      members: await groupById(t, ids['role:members'] as number),
      supportRecursive: await owner.userGroups.listMembers({ user_group_id: support }),
    };
    expect(groups.support.members).toEqual([uid(t, 'administrator')]);
    expect(groups.reviewers).toMatchObject({
      members: [uid(t, 'moderator')],
      can_mention_group: { direct_members: [uid(t, 'administrator')], direct_subgroups: [] },
    });
    expect(groups.members.members).toEqual([uid(t, 'bot')]);
    expect(groups.supportRecursive.members).toEqual([uid(t, 'owner'), uid(t, 'administrator'), uid(t, 'moderator')]);
    return { errors, groups };
  }),

  scenario('user-groups: register answers realm_user_groups like GET /user_groups', async (t) => {
    const state = await t
      .client('guest')
      .events.register({ fetch_event_types: ['realm_user_groups'], event_types: [] });
    const { user_groups } = await t.client('member').userGroups.list();
    expect(state['realm_user_groups']).toEqual(user_groups);
    expect(state).not.toHaveProperty('realm_users');
    return state['realm_user_groups'];
  }),
];
