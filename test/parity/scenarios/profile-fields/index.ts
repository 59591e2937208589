import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { expectConsistent } from '../shared/consistency.js';

/** POST, PATCH and DELETE /realm/profile_fields (and its reorder): custom profile field administration. */
export const profileFieldScenarios: Scenario[] = [
  scenario(
    'profile-fields: administrators create, change, reorder and delete fields, with the real checks',
    async (t) => {
      const admin = t.client('administrator');
      const { id } = await admin.profileFields.create({
        name: 'Team',
        hint: 'Your team',
        field_type: 3,
        field_data: { a: { text: 'Web', order: '1' }, b: { text: 'Mobile', order: '2' } },
      });
      const { id: twitter } = await admin.profileFields.create({ field_type: 7, field_data: { subtype: 'twitter' } });
      const created = (await t.client('guest').users.listCustomProfileFields({})).custom_fields;
      expect(created.slice(-2)).toMatchObject([
        { id, name: 'Team', hint: 'Your team', type: 3, order: 9 },
        { id: twitter, name: 'X (Twitter) username', type: 7, field_data: '{"subtype":"twitter"}', order: 10 },
      ]);
      await admin.profileFields.update({ field_id: id, name: 'Squad', required: true });
      const ids = created.map((field) => field.id);
      await admin.profileFields.reorder({ order: [...ids].reverse() });
      await admin.profileFields.remove({ field_id: twitter });
      const after = (await t.client('guest').users.listCustomProfileFields({})).custom_fields;
      expect(after.map((field) => field.name).slice(0, 2)).toEqual(['Squad', 'Pronouns']);
      expect(after.find((field) => field.id === id)).toMatchObject({ required: true, order: 2 });
      const errors = {
        member: await failure(t.client('member').profileFields.create({ name: 'X', field_type: 1 })),
        badType: await failure(admin.profileFields.create({ name: 'X', field_type: 42 })),
        blank: await failure(admin.profileFields.create({ name: '  ', field_type: 1 })),
        taken: await failure(admin.profileFields.create({ name: 'Squad', field_type: 1 })),
        noChoices: await failure(admin.profileFields.create({ name: 'Empty list', field_type: 3, field_data: {} })),
        summary: await failure(
          admin.profileFields.create({ name: 'Long', field_type: 2, display_in_profile_summary: true }),
        ),
        tooMany: await failure(
          admin.profileFields.create({ name: 'Third', field_type: 1, display_in_profile_summary: true }),
        ),
        unknown: await failure(admin.profileFields.remove({ field_id: 999 })),
        badOrder: await failure(admin.profileFields.reorder({ order: [id] })),
      };
      expect(errors.member).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
      expect(errors.badType.msg).toBe('Invalid field type.');
      expect(errors.blank.msg).toBe('Label cannot be blank.');
      expect(errors.taken.msg).toBe('A field with that label already exists.');
      expect(errors.noChoices.msg).toBe('Field must have at least one choice.');
      expect(errors.summary.msg).toBe('Field type not supported for display in profile summary.');
      expect(errors.tooMany.msg).toBe('Only 2 custom profile fields can be displayed in the profile summary.');
      expect(errors.unknown.msg).toBe('Field id 999 not found.');
      expect(errors.badOrder.msg).toBe('Invalid order mapping.');
      return { created, after, errors };
    },
  ),

  scenario('events: state + events = fresh state, for custom profile fields', async (t) => {
    const admin = t.client('administrator');
    const seen: Record<string, string[]> = {};
    seen['create'] = await expectConsistent(t, 'member', () =>
      admin.profileFields.create({ name: 'Desk', field_type: 1 }),
    );
    // Deleting a field with values drops them from every user's profile data.
    seen['delete'] = await expectConsistent(t, 'member', () => admin.profileFields.remove({ field_id: 1 }));
    expect(seen['delete']).toEqual(['custom_profile_fields']);
    return seen;
  }),

  scenario("channels: a channel's email address as the real server formats it, for readers only", async (t) => {
    const member = t.client('member');
    const engineering = (await member.channels.getId({ stream: 'engineering' })).stream_id;
    const { email } = await member.channels.getEmailAddress({ stream_id: engineering });
    expect(email).toMatch(/^engineering\.[0-9a-f]{32}\.show-sender@teamchat\.test$/);
    expect((await member.channels.getEmailAddress({ stream_id: engineering })).email).toBe(email);
    const asSelf = await member.channels.getEmailAddress({
      stream_id: engineering,
      sender_id: t.accounts.member.userId,
    });
    expect(asSelf.email).not.toBe(email);
    const errors = {
      guest: await failure(t.client('guest').channels.getEmailAddress({ stream_id: engineering })),
      otherSender: await failure(
        member.channels.getEmailAddress({ stream_id: engineering, sender_id: t.accounts.owner.userId }),
      ),
    };
    expect(errors.guest).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    expect(errors.otherSender.msg).toBe('Invalid sender ID');
    return { email, asSelf, errors };
  }),
];
