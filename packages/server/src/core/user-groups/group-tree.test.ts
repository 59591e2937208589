import { describe, expect, it } from 'vitest';
import { Store } from '../../store/store.js';
import type { Db } from '../model/db.js';
import type { UserGroupRecord } from '../model/records/user-groups.js';
import { seededRandomBytes } from '../internal/seeded-random.js';
import { systemGroupId } from '../model/group-setting-value.js';
import { createRealm } from '../realm/create-realm.js';
import { recursiveSubgroupIds, subgroupClosure, wouldCreateCycle } from './group-tree.js';
import { insertUserGroup } from './insert-user-group.js';

/** Groups a ⊃ b ⊃ c, and d standing apart. */
async function groups() {
  const store = new Store<Db>();
  return store.write((db) => {
    const ctx = { db, now: () => 0, random: seededRandomBytes(1) };
    createRealm(db, { name: 'Test', stringId: 'test', description: '', now: 0 });
    const c = insertUserGroup(ctx, { name: 'c', description: '', members: [], creatorId: null });
    const b = insertUserGroup(ctx, { name: 'b', description: '', members: [], subgroupIds: [c.id], creatorId: null });
    const a = insertUserGroup(ctx, { name: 'a', description: '', members: [], subgroupIds: [b.id], creatorId: null });
    const d = insertUserGroup(ctx, { name: 'd', description: '', members: [], creatorId: null });
    return { ctx, a, b, c, d };
  });
}

describe('wouldCreateCycle', () => {
  it('refuses a group as its own subgroup', async () => {
    const { ctx, a } = await groups();
    expect(wouldCreateCycle(ctx, a.id, [a.id])).toBe(true);
  });

  it('refuses a direct and an indirect supergroup as a subgroup', async () => {
    const { ctx, a, b, c } = await groups();
    expect(wouldCreateCycle(ctx, b.id, [a.id])).toBe(true);
    expect(wouldCreateCycle(ctx, c.id, [a.id])).toBe(true);
  });

  it('accepts unrelated groups and groups further down', async () => {
    const { ctx, a, c, d } = await groups();
    expect(wouldCreateCycle(ctx, a.id, [d.id])).toBe(false);
    expect(wouldCreateCycle(ctx, a.id, [c.id])).toBe(false);
    expect(wouldCreateCycle(ctx, d.id, [a.id, c.id])).toBe(false);
  });
});

describe('subgroup lists', () => {
  it('closes over subgroups and includes the starting groups', async () => {
    const { ctx, a, b, c } = await groups();
    expect([...subgroupClosure(ctx, [a.id])].sort()).toEqual([a.id, b.id, c.id].sort());
  });

  it('lists recursive subgroups without the group itself', async () => {
    const { ctx, a, b, c, d } = await groups();
    expect(recursiveSubgroupIds(ctx, a)).toEqual([b.id, c.id].sort((x, y) => x - y));
    expect(recursiveSubgroupIds(ctx, d)).toEqual([]);
  });

  it('follows the system-group chain', async () => {
    const { ctx } = await groups();
    const internet = ctx.db.get('user_groups', systemGroupId(ctx, 'role:internet')) as UserGroupRecord;
    const names = recursiveSubgroupIds(ctx, internet).map((id) => ctx.db.get('user_groups', id)?.name);
    expect(names.sort()).toEqual([
      'role:administrators',
      'role:everyone',
      'role:fullmembers',
      'role:members',
      'role:moderators',
      'role:owners',
    ]);
  });
});
