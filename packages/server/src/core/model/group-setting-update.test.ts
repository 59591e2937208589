import { describe, expect, it } from 'vitest';
import { Store } from '../../store/store.js';
import type { Db } from './db.js';
import { seededRandomBytes } from '../internal/seeded-random.js';
import { createRealm } from '../realm/create-realm.js';
import { createUser } from './create-user.js';
import { USER_GROUP_SETTING_CONFIGS } from './group-setting-configs.js';
import { resolveGroupSettingUpdate, sameGroupSettingValue } from './group-setting-update.js';
import { systemGroupId } from './group-setting-value.js';

async function organization() {
  const store = new Store<Db>();
  return store.write((db) => {
    const ctx = { db, now: () => 0, random: seededRandomBytes(1) };
    createRealm(db, { name: 'Test', stringId: 'test', description: '', now: 0 });
    const alice = createUser(ctx, { email: 'a@test.example', fullName: 'Alice', role: 400, passwordHash: null });
    const bob = createUser(ctx, { email: 'b@test.example', fullName: 'Bob', role: 400, passwordHash: null });
    const gone = db.patch(
      'users',
      createUser(ctx, { email: 'c@test.example', fullName: 'Gone', role: 400, passwordHash: null }).id,
      { is_active: false },
    );
    return {
      ctx,
      alice,
      bob,
      gone,
      members: systemGroupId({ db }, 'role:members'),
      nobody: systemGroupId({ db }, 'role:nobody'),
    };
  });
}

describe('sameGroupSettingValue', () => {
  it('compares anonymous groups as sets and never equals an ID to an object', () => {
    expect(
      sameGroupSettingValue(
        { direct_members: [2, 1], direct_subgroups: [] },
        { direct_members: [1, 2, 2], direct_subgroups: [] },
      ),
    ).toBe(true);
    expect(
      sameGroupSettingValue(
        { direct_members: [1], direct_subgroups: [] },
        { direct_members: [1], direct_subgroups: [5] },
      ),
    ).toBe(false);
    expect(sameGroupSettingValue(5, { direct_members: [], direct_subgroups: [5] })).toBe(false);
    expect(sameGroupSettingValue(5, 5)).toBe(true);
  });
});

describe('resolveGroupSettingUpdate', () => {
  const config = USER_GROUP_SETTING_CONFIGS.can_manage_group;

  it('fails with EXPECTATION_MISMATCH when old is not the current value', async () => {
    const { ctx, alice, members } = await organization();
    const current = { direct_members: [alice.id], direct_subgroups: [] };
    expect(() =>
      resolveGroupSettingUpdate(ctx, 'can_manage_group', { new: members, old: members }, { config, current }),
    ).toThrow(
      expect.objectContaining({ code: 'EXPECTATION_MISMATCH', msg: "'old' value does not match the expected value." }),
    );
  });

  it('compares old with the value as shown, deactivated users left out', async () => {
    const { ctx, alice, gone, members } = await organization();
    const current = { direct_members: [alice.id, gone.id], direct_subgroups: [] };
    const next = resolveGroupSettingUpdate(
      ctx,
      'can_manage_group',
      { new: members, old: { direct_members: [alice.id], direct_subgroups: [] } },
      { config, current },
    );
    expect(next).toBe(members);
  });

  it('canonicalises new and old, and answers null for no change', async () => {
    const { ctx, members, nobody } = await organization();
    expect(
      resolveGroupSettingUpdate(
        ctx,
        'can_manage_group',
        { new: { direct_members: [], direct_subgroups: [members] }, old: members },
        { config, current: members },
      ),
    ).toBeNull();
    expect(
      resolveGroupSettingUpdate(
        ctx,
        'can_manage_group',
        { new: { direct_members: [], direct_subgroups: [] } },
        { config, current: members },
      ),
    ).toBe(nobody);
  });

  it('validates the new value', async () => {
    const { ctx, alice, gone } = await organization();
    const current = { direct_members: [alice.id], direct_subgroups: [] };
    expect(() =>
      resolveGroupSettingUpdate(
        ctx,
        'can_manage_group',
        { new: { direct_members: [gone.id], direct_subgroups: [] } },
        { config, current },
      ),
    ).toThrow(expect.objectContaining({ msg: `Invalid user ID: ${gone.id}` }));
    const everyone = systemGroupId(ctx, 'role:everyone');
    expect(() => resolveGroupSettingUpdate(ctx, 'can_manage_group', { new: everyone }, { config, current })).toThrow(
      expect.objectContaining({ msg: "'can_manage_group' setting cannot be set to 'role:everyone' group." }),
    );
  });
});
