import { describe, expect, it } from 'vitest';
import { Store } from '../../store/store.js';
import type { Db } from './db.js';
import type { UserGroupRecord } from './records/user-groups.js';
import type { UserRecord } from './records/users.js';
import { seededRandomBytes } from '../internal/seeded-random.js';
import { createRealm } from '../realm/create-realm.js';
import { insertUserGroup } from '../user-groups/insert-user-group.js';
import { createUser } from './create-user.js';
import { isDirectMember, isUserInGroupSetting, type MembershipOptions } from './group-membership.js';
import { systemGroupId } from './group-setting-value.js';
import type { SystemGroupName } from './system-groups.js';

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 0, 10);

/** An organization with one account per role, a provisional member (joined today) and nested groups. */
async function organization(waitingPeriodDays = 0) {
  const store = new Store<Db>();
  return store.write((db) => {
    const ctx = { db, now: () => NOW - 30 * DAY_MS, random: seededRandomBytes(3) };
    createRealm(db, { name: 'Test', stringId: 'test', description: '', now: NOW - 30 * DAY_MS });
    db.patch('realm', 1, { waiting_period_threshold: waitingPeriodDays });
    const make = (name: string, role: UserRecord['role']) =>
      createUser(ctx, { email: `${name}@test.example`, fullName: name, role, passwordHash: null });
    const users = {
      owner: make('owner', 100),
      admin: make('admin', 200),
      moderator: make('moderator', 300),
      member: make('member', 400),
      guest: make('guest', 600),
      newcomer: createUser(
        { ...ctx, now: () => NOW },
        { email: 'new@test.example', fullName: 'new', role: 400, passwordHash: null },
      ),
      gone: make('gone', 400),
    };
    users.gone = db.patch('users', users.gone.id, { is_active: false });
    // inner ⊂ middle ⊂ outer; middle also holds role:moderators; `gone` is a stored member of inner.
    const inner = insertUserGroup(ctx, {
      name: 'inner',
      description: '',
      members: [users.member.id, users.gone.id, users.guest.id],
      creatorId: null,
    });
    const middle = insertUserGroup(ctx, {
      name: 'middle',
      description: '',
      members: [],
      subgroupIds: [inner.id, systemGroupId({ db }, 'role:moderators')],
      creatorId: null,
    });
    const outer = insertUserGroup(ctx, {
      name: 'outer',
      description: '',
      members: [users.admin.id],
      subgroupIds: [middle.id],
      creatorId: null,
    });
    const realm = db.get('realm', 1);
    if (!realm) throw new Error('no realm');
    const options: MembershipOptions = { realm, now: NOW };
    const system = (name: SystemGroupName) => db.get('user_groups', systemGroupId({ db }, name)) as UserGroupRecord;
    return { db, users, groups: { inner, middle, outer }, options, system };
  });
}

describe('isUserInGroupSetting', () => {
  it('finds members through nested subgroups, system subgroups included', async () => {
    const { db, users, groups, options } = await organization();
    expect(isUserInGroupSetting(db, users.member, groups.outer.id, options)).toBe(true);
    expect(isUserInGroupSetting(db, users.admin, groups.outer.id, options)).toBe(true);
    // through role:moderators inside middle: moderators, administrators and owners
    expect(isUserInGroupSetting(db, users.moderator, groups.middle.id, options)).toBe(true);
    expect(isUserInGroupSetting(db, users.owner, groups.outer.id, options)).toBe(true);
    expect(isUserInGroupSetting(db, users.admin, groups.inner.id, options)).toBe(false);
  });

  it('never counts deactivated users, even as stored direct members', async () => {
    const { db, users, groups, options } = await organization();
    const gone = users.gone;
    expect(gone.is_active).toBe(false);
    expect(isUserInGroupSetting(db, gone, groups.inner.id, options)).toBe(false);
    expect(isUserInGroupSetting(db, gone, groups.outer.id, options)).toBe(false);
    expect(isUserInGroupSetting(db, gone, { direct_members: [gone.id], direct_subgroups: [] }, options)).toBe(false);
  });

  it('keeps guests out of settings that disallow everyone, whatever the value says', async () => {
    const { db, users, groups, options, system } = await organization();
    expect(isUserInGroupSetting(db, users.guest, groups.inner.id, options)).toBe(true);
    expect(isUserInGroupSetting(db, users.guest, groups.inner.id, { ...options, allowEveryone: false })).toBe(false);
    expect(isUserInGroupSetting(db, users.guest, system('role:everyone').id, options)).toBe(true);
    expect(
      isUserInGroupSetting(db, users.guest, system('role:everyone').id, { ...options, allowEveryone: false }),
    ).toBe(false);
    expect(
      isUserInGroupSetting(
        db,
        users.guest,
        { direct_members: [users.guest.id], direct_subgroups: [] },
        { ...options, allowEveryone: false },
      ),
    ).toBe(false);
  });

  it('reads anonymous groups as direct members plus recursive subgroups', async () => {
    const { db, users, groups, options } = await organization();
    const value = { direct_members: [users.owner.id], direct_subgroups: [groups.inner.id] };
    expect(isUserInGroupSetting(db, users.owner, value, options)).toBe(true);
    expect(isUserInGroupSetting(db, users.member, value, options)).toBe(true);
    expect(isUserInGroupSetting(db, users.moderator, value, options)).toBe(false);
  });

  it('answers system groups by role, with full members by the waiting period', async () => {
    const { db, users, options, system } = await organization(3);
    const check = (user: UserRecord, name: SystemGroupName) => isUserInGroupSetting(db, user, system(name).id, options);
    expect(check(users.owner, 'role:owners')).toBe(true);
    expect(check(users.admin, 'role:owners')).toBe(false);
    expect(check(users.moderator, 'role:fullmembers')).toBe(true);
    expect(check(users.member, 'role:fullmembers')).toBe(true);
    expect(check(users.newcomer, 'role:fullmembers')).toBe(false);
    expect(check(users.newcomer, 'role:members')).toBe(true);
    expect(check(users.guest, 'role:members')).toBe(false);
    expect(check(users.guest, 'role:internet')).toBe(true);
    expect(check(users.owner, 'role:nobody')).toBe(false);
  });

  it('answers false for unknown groups instead of throwing', async () => {
    const { db, users, options } = await organization();
    expect(isUserInGroupSetting(db, users.owner, 9999, options)).toBe(false);
    expect(isUserInGroupSetting(db, users.owner, { direct_members: [], direct_subgroups: [9999] }, options)).toBe(
      false,
    );
  });

  it('terminates on a stored cycle (which the API never creates)', async () => {
    const { db, users, groups, options } = await organization();
    const cyclic = { ...groups.inner, direct_subgroup_ids: [groups.outer.id] };
    const reader = {
      get: <C extends keyof Db & string>(c: C, id: number | string) =>
        c === 'user_groups' && id === cyclic.id ? (cyclic as Db[C]) : db.get(c, id),
    };
    expect(isUserInGroupSetting(reader, users.moderator, groups.inner.id, options)).toBe(true);
    expect(isUserInGroupSetting(reader, users.guest, groups.outer.id, { ...options, allowEveryone: false })).toBe(
      false,
    );
  });
});

describe('isDirectMember', () => {
  it('derives direct membership of system groups from roles, one group per role', async () => {
    const { users, options, system } = await organization(3);
    const direct = (name: SystemGroupName) =>
      Object.entries(users)
        .filter(([, user]) => isDirectMember(user, system(name), options))
        .map(([key]) => key);
    expect(direct('role:owners')).toEqual(['owner']);
    expect(direct('role:administrators')).toEqual(['admin']);
    expect(direct('role:moderators')).toEqual(['moderator']);
    expect(direct('role:fullmembers')).toEqual(['member']);
    expect(direct('role:members')).toEqual(['member', 'newcomer']);
    expect(direct('role:everyone')).toEqual(['guest']);
    expect(direct('role:internet')).toEqual([]);
    expect(direct('role:nobody')).toEqual([]);
  });

  it('hides deactivated users among the stored members of user-defined groups', async () => {
    const { users, groups, options } = await organization();
    expect(isDirectMember(users.member, groups.inner, options)).toBe(true);
    expect(groups.inner.members).toContain(users.gone.id);
    expect(isDirectMember(users.gone, groups.inner, options)).toBe(false);
    expect(isDirectMember(users.moderator, groups.middle, options)).toBe(false);
  });
});

describe('the server’s own bots', () => {
  it('are in no group of the organization, system groups included', async () => {
    const { db, users, options, system } = await organization();
    const notificationBot: UserRecord = { ...users.member, id: 999, is_bot: true, bot_type: 1, is_system_bot: true };
    expect(isDirectMember(users.member, system('role:members'), options)).toBe(true);
    expect(isDirectMember(notificationBot, system('role:members'), options)).toBe(false);
    expect(isUserInGroupSetting(db, users.member, system('role:everyone').id, options)).toBe(true);
    expect(isUserInGroupSetting(db, notificationBot, system('role:everyone').id, options)).toBe(false);
    expect(isUserInGroupSetting(db, notificationBot, { direct_members: [999], direct_subgroups: [] }, options)).toBe(
      false,
    );
  });
});
