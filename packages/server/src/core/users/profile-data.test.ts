import { describe, expect, it } from 'vitest';
import { createMemoryServer } from '../../memory.js';
import type { CustomProfileFieldRecord } from '../model/records/realm.js';
import type { UserRecord } from '../model/records/users.js';
import { profileDataOf, storedProfileValue, withProfileValues } from './profile-data.js';

async function seeded() {
  const { core, accounts } = await createMemoryServer({ seed: 3 });
  const store = core.services.store;
  const owner = store.get('users', accounts.find((a) => a.role === 'owner')?.userId ?? 0) as UserRecord;
  const field = (name: string) =>
    [...store.all('custom_profile_fields')].find((f) => f.name === name) as CustomProfileFieldRecord;
  return { ctx: { db: store.begin() }, owner, field };
}

describe('profile data', () => {
  it('renders text values when they are written, and reads them back as stored', async () => {
    const { ctx, owner, field } = await seeded();
    const bio = String(field('Biography').id);
    expect(owner.profile_data_rendered?.[bio]).toBe(
      '<p>Founded <strong>Teamchat Demo</strong>; ask me about the roadmap.</p>',
    );
    expect(owner.profile_data_rendered?.[String(field('Favorite editor').id)]).toBeUndefined();
    expect(profileDataOf(ctx, owner)[bio]).toEqual({
      value: owner.profile_data[bio],
      rendered_value: owner.profile_data_rendered?.[bio],
    });
  });

  it('renders the values of records written before values were rendered on write, with the same result', async () => {
    const { ctx, owner } = await seeded();
    const legacy: UserRecord = { ...owner };
    delete legacy.profile_data_rendered;
    expect(profileDataOf(ctx, legacy)).toEqual(profileDataOf(ctx, owner));
  });

  it('replaces and removes values with their rendering', async () => {
    const { owner, field } = await seeded();
    const phone = field('Phone number');
    const bio = field('Biography');
    const next = withProfileValues(owner, [storedProfileValue(phone, 'call *me*'), storedProfileValue(bio, null)]);
    expect(next.profile_data[String(phone.id)]).toBe('call *me*');
    expect(next.profile_data_rendered?.[String(phone.id)]).toBe('<p>call <em>me</em></p>');
    expect(next.profile_data).not.toHaveProperty(String(bio.id));
    expect(next.profile_data_rendered).not.toHaveProperty(String(bio.id));
  });
});
