import type { CustomProfileFieldRecord, DbTx, UserRecord } from '../model/db.js';
import { storedProfileValue, withProfileValues } from './profile-data.js';

type FieldSeed = Omit<CustomProfileFieldRecord, 'id' | 'order'>;

/** One field of each type, as a real organization would set them up. */
const FIELDS: FieldSeed[] = [
  { name: 'Phone number', hint: 'Including the country code', type: 1, field_data: '', display_in_profile_summary: true, required: false, editable_by_user: true },
  { name: 'Biography', hint: 'What are you known for?', type: 2, field_data: '', display_in_profile_summary: false, required: false, editable_by_user: true },
  {
    name: 'Favorite editor',
    hint: 'Pick your favorite',
    type: 3,
    field_data: JSON.stringify({ '0': { text: 'Vim', order: '1' }, '1': { text: 'Emacs', order: '2' }, '2': { text: 'VS Code', order: '3' } }),
    display_in_profile_summary: false,
    required: false,
    editable_by_user: true,
  },
  { name: 'Birthday', hint: '', type: 4, field_data: '', display_in_profile_summary: false, required: false, editable_by_user: true },
  { name: 'Website', hint: 'Your personal or team page', type: 5, field_data: '', display_in_profile_summary: false, required: false, editable_by_user: true },
  { name: 'Mentor', hint: 'Who helps you find your way around', type: 6, field_data: '', display_in_profile_summary: false, required: false, editable_by_user: false },
  { name: 'GitHub username', hint: '', type: 7, field_data: JSON.stringify({ subtype: 'github' }), display_in_profile_summary: false, required: false, editable_by_user: true },
  { name: 'Pronouns', hint: 'What pronouns should people use to refer to you?', type: 8, field_data: '', display_in_profile_summary: true, required: false, editable_by_user: true },
];

/** The demo people the seed gives values to. */
export interface ProfileSeedPeople {
  owner: UserRecord;
  administrator: UserRecord;
  member: UserRecord;
  guest: UserRecord;
}

/**
 * Creates the demo organization's custom profile fields (IDs 1–8: phone, biography, favorite
 * editor, birthday, website, mentor, GitHub username, pronouns) and gives some demo people
 * values, so `profile_data` and its validation have something real to work on. The owner
 * also gets the special permissions `can_change_user_emails` and `can_create_users`.
 */
export function seedCustomProfileFields(db: DbTx, people: ProfileSeedPeople): void {
  const fields = FIELDS.map((field, index) => db.put('custom_profile_fields', { ...field, id: db.nextId('custom_profile_fields'), order: index + 1 }));
  const [phone, bio, editor, birthday, website, mentor, github, pronouns] = fields as [
    CustomProfileFieldRecord, CustomProfileFieldRecord, CustomProfileFieldRecord, CustomProfileFieldRecord,
    CustomProfileFieldRecord, CustomProfileFieldRecord, CustomProfileFieldRecord, CustomProfileFieldRecord,
  ];
  // Stored as values are written: text values rendered once, here.
  const profile = (user: UserRecord, values: [CustomProfileFieldRecord, string][]) =>
    withProfileValues(user, values.map(([field, value]) => storedProfileValue(field, value)));
  db.patch('users', people.owner.id, {
    can_change_user_emails: true,
    can_create_users: true,
    ...profile(people.owner, [
      [phone, '+1-555-0100'],
      [bio, 'Founded **Teamchat Demo**; ask me about the roadmap.'],
      [editor, '1'],
      [birthday, '1985-04-12'],
      [website, 'https://example.com/olivia'],
      [github, 'olivia-owner'],
      [pronouns, 'she/her'],
    ]),
  });
  db.patch('users', people.administrator.id, profile(people.administrator, [[phone, '+1-555-0101'], [editor, '0'], [pronouns, 'he/him']]));
  db.patch('users', people.member.id, profile(people.member, [
    [bio, 'Writes the `store` code and reviews deploys.'],
    [editor, '2'],
    [mentor, JSON.stringify([people.owner.id])],
    [github, 'mike-member'],
  ]));
  db.patch('users', people.guest.id, profile(people.guest, [[pronouns, 'they/them']]));
}
