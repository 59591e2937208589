import { describe, expect, it } from 'vitest';
import { Store } from '../../store/store.js';
import { insertChannel } from '../channels/insert-channel.js';
import type { Db } from './db.js';
import type { RealmRecord } from './records/realm.js';
import type { UserRecord } from './records/users.js';
import { seededRandomBytes } from '../internal/seeded-random.js';
import { createRealm } from '../realm/create-realm.js';
import { insertUserGroup } from '../user-groups/insert-user-group.js';
import { createUser } from './create-user.js';
import { hasPermission } from './has-permission.js';

const NOW = Date.UTC(2026, 0, 10);

/** A member, a guest, and an organization, a channel and a group whose settings all name both of them. */
async function organization() {
  const store = new Store<Db>();
  return store.write((db) => {
    const ctx = { db, now: () => NOW, random: seededRandomBytes(4) };
    createRealm(db, { name: 'Test', stringId: 'test', description: '', now: NOW });
    const member = createUser(ctx, { email: 'member@test.example', fullName: 'member', role: 400, passwordHash: null });
    const guest = createUser(ctx, { email: 'guest@test.example', fullName: 'guest', role: 600, passwordHash: null });
    const both = { direct_members: [member.id, guest.id], direct_subgroups: [] };
    const realm = db.get('realm', 1) as RealmRecord;
    const everywhere = <T extends string>(names: readonly T[]) =>
      Object.fromEntries(names.map((name) => [name, both])) as Record<T, typeof both>;
    const patched = db.patch('realm', 1, {
      groups: everywhere(Object.keys(realm.groups) as (keyof RealmRecord['groups'])[]),
    });
    const channel = insertChannel(ctx, { name: 'general', creatorId: member.id });
    const withBoth = db.patch('channels', channel.id, {
      groups: everywhere(Object.keys(channel.groups) as (keyof typeof channel.groups)[]),
    });
    const group = insertUserGroup(ctx, { name: 'g', description: '', members: [], creatorId: member.id });
    const groupWithBoth = db.patch('user_groups', group.id, {
      groups: everywhere(Object.keys(group.groups) as (keyof typeof group.groups)[]),
    });
    return { ctx: { db, realm: patched, now: () => NOW }, member, guest, channel: withBoth, group: groupWithBoth };
  });
}

describe('hasPermission', () => {
  it('reads the guest rule of each setting from its configuration, for the organization, channels and groups', async () => {
    const { ctx, member, guest, channel, group } = await organization();
    const both = (check: (user: UserRecord) => boolean) => [check(member), check(guest)];
    // Settings that allow role:everyone include a guest the value names.
    expect(both((user) => hasPermission(ctx, user, { realm: ctx.realm }, 'can_resolve_topics_group'))).toEqual([
      true,
      true,
    ]);
    expect(both((user) => hasPermission(ctx, user, { channel }, 'can_send_message_group'))).toEqual([true, true]);
    expect(both((user) => hasPermission(ctx, user, { group }, 'can_mention_group'))).toEqual([true, true]);
    // The others never include guests, whatever the value says.
    expect(both((user) => hasPermission(ctx, user, { realm: ctx.realm }, 'can_create_groups'))).toEqual([true, false]);
    expect(both((user) => hasPermission(ctx, user, { channel }, 'can_subscribe_group'))).toEqual([true, false]);
    expect(both((user) => hasPermission(ctx, user, { group }, 'can_manage_group'))).toEqual([true, false]);
  });

  it('grants nothing to anonymous visitors and deactivated users', async () => {
    const { ctx, member, channel } = await organization();
    expect(hasPermission(ctx, null, { channel }, 'can_send_message_group')).toBe(false);
    expect(hasPermission(ctx, { ...member, is_active: false }, { channel }, 'can_send_message_group')).toBe(false);
  });
});
