import { describe, expect, it } from 'vitest';
import { Store } from '../../store/store.js';
import { defaultServerConfig } from '../config/server-config.js';
import type { Db } from './db.js';
import type { UserRecord } from './records/users.js';
import { createIndexes } from './indexes.js';
import { seededRandomBytes } from '../internal/seeded-random.js';
import { createRealm } from '../realm/create-realm.js';
import { createUser } from './create-user.js';
import { userByEmail } from './user-by-email.js';

const config = { ...defaultServerConfig, realmUrl: 'http://chat.example.com:9991' };

/** `open` shows its address to everyone; `hidden` to nobody. */
async function organization() {
  const store = new Store<Db>();
  const indexes = createIndexes(store);
  const users = await store.write((db) => {
    const ctx = { db, now: () => 0, random: seededRandomBytes(2) };
    createRealm(db, { name: 'Test', stringId: 'test', description: '', now: 0 });
    const make = (name: string, visibility: UserRecord['settings']['email_address_visibility']) => {
      const user = createUser(ctx, { email: `${name}@mail.example`, fullName: name, role: 400, passwordHash: null });
      return db.patch('users', user.id, { settings: { ...user.settings, email_address_visibility: visibility } });
    };
    return { open: make('Open', 1), hidden: make('Hidden', 4) };
  });
  const ctx = { db: store.begin(), indexes, config };
  const find = (email: string, forms: Parameters<typeof userByEmail>[2]) => userByEmail(ctx, email, forms)?.full_name;
  return { users, find };
}

const API_ONLY = { realAddress: false, anyDummyAddress: false };
const ANY = { realAddress: true, anyDummyAddress: true };

describe('userByEmail', () => {
  it('always finds a user by the API address, whatever the case and padding', async () => {
    const { users, find } = await organization();
    expect(find('  OPEN@mail.example ', API_ONLY)).toBe('Open');
    expect(find(`User${users.hidden.id}@chat.example.com`, API_ONLY)).toBe('Hidden');
  });

  it('finds a hidden real address only where the forms admit it', async () => {
    const { users, find } = await organization();
    expect(find('hidden@mail.example', API_ONLY)).toBeUndefined();
    expect(find('hidden@mail.example', ANY)).toBe('Hidden');
    expect(
      find('hidden@mail.example', {
        realAddress: (target: UserRecord) => target.id === users.hidden.id,
        anyDummyAddress: false,
      }),
    ).toBe('Hidden');
    expect(find('hidden@mail.example', { realAddress: () => false, anyDummyAddress: true })).toBeUndefined();
  });

  it('finds a user by a dummy address that is not its API address only with anyDummyAddress', async () => {
    const { users, find } = await organization();
    expect(find(`user${users.open.id}@chat.example.com`, API_ONLY)).toBeUndefined();
    expect(find(`user${users.open.id}@chat.example.com`, ANY)).toBe('Open');
  });

  it('ignores dummy addresses of other hosts, unknown IDs and other spellings', async () => {
    const { users, find } = await organization();
    expect(find(`user${users.hidden.id}@other.example`, ANY)).toBeUndefined();
    expect(find('user999@chat.example.com', ANY)).toBeUndefined();
    expect(find(`user0${users.hidden.id}@chat.example.com`, ANY)).toBeUndefined();
  });
});
