import type { Client } from '@teamchat/client-sdk';
import type { DemoRole } from '@teamchat/server';
import { expect } from 'vitest';
import { failure, outcome, scenario, type Scenario, type ScenarioContext } from '../../harness.js';

/**
 * Scenarios of the users area: GET /users (+ one user by ID, by email, me), custom profile
 * fields, email visibility, PATCH /users/{id|email}, deactivation and reactivation, POST /users,
 * and the permission matrix of every endpoint of the users and settings parts of issue 4.
 */

const ROLES: readonly DemoRole[] = ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot'];
const HOST = 'teamchat.test';

/** The seeded custom profile fields, by ID (see the demo seed). */
const FIELD = { phone: 1, bio: 2, editor: 3, birthday: 4, website: 5, mentor: 6, github: 7, pronouns: 8 } as const;

const uid = (t: ScenarioContext, role: DemoRole): number => t.accounts[role].userId;
const dummy = (t: ScenarioContext, role: DemoRole): string => `user${uid(t, role)}@${HOST}`;

/** A queue of `role` that receives `types`. */
async function queue(t: ScenarioContext, role: DemoRole, types: string[]): Promise<string> {
  const { queue_id } = await t.client(role).events.register({ event_types: types });
  return queue_id ?? '';
}

/**
 * The events waiting in a queue, acknowledged (the next drain starts after them), without
 * their IDs (which say nothing about behaviour).
 */
export async function drain(t: ScenarioContext, role: DemoRole, queueId: string): Promise<Record<string, unknown>[]> {
  const client = t.client(role);
  const { events } = await client.events.get({ queue_id: queueId, dont_block: true });
  const last = events.at(-1);
  if (last) await client.events.get({ queue_id: queueId, last_event_id: last.id, dont_block: true });
  return events.map(({ id: _id, ...event }) => event);
}

/** `user_id` → `{ full_name, role, is_active, email, delivery_email }` as `viewer` lists users. */
async function roster(t: ScenarioContext, viewer: DemoRole = 'owner') {
  const { members } = await t.client(viewer).users.list({ include_custom_profile_fields: true });
  return members;
}

/** The account the matrix acts on (created by the matrix scenario, so no caller is its target). */
const TARGET_EMAIL = 'tara@teamchat.example';

/** The user ID of the matrix's target account. */
function target(t: ScenarioContext): number {
  const user = [...t.store.all('users')].find((u) => u.email === TARGET_EMAIL);
  if (!user) throw new Error('the matrix target account was not created');
  return user.id;
}

/** A permission-matrix row: an endpoint, how to call it as a role, who may. */
interface MatrixRow {
  endpoint: string;
  call(client: Client, t: ScenarioContext, role: DemoRole): Promise<unknown>;
  /** Puts back what an allowed call changed, so every role meets the same state. */
  restore?(t: ScenarioContext, role: DemoRole): Promise<unknown>;
  expect: Record<DemoRole, 'allow' | 'deny'>;
}

const EVERYONE = {
  owner: 'allow',
  administrator: 'allow',
  moderator: 'allow',
  member: 'allow',
  guest: 'allow',
  bot: 'allow',
} as const;
const ADMINS = {
  owner: 'allow',
  administrator: 'allow',
  moderator: 'deny',
  member: 'deny',
  guest: 'deny',
  bot: 'deny',
} as const;

/**
 * The permission matrix of issue 4 (users and settings): each endpoint called as owner,
 * administrator, moderator, member, guest and the generic bot (member role, owned by the
 * owner). Other users' endpoints act on a member account made for the matrix (Tara Target),
 * self-service ones on the caller.
 */
export const PERMISSION_MATRIX: MatrixRow[] = [
  {
    endpoint: 'PATCH /settings',
    call: (client) => client.settings.update({ left_side_userlist: true }),
    expect: { ...EVERYONE, bot: 'deny' },
  },
  {
    endpoint: 'PATCH /realm/user_settings_defaults',
    call: (client) => client.settings.updateRealmDefaults({ enter_sends: true }),
    expect: ADMINS,
  },
  { endpoint: 'GET /users', call: (client) => client.users.list(), expect: EVERYONE },
  { endpoint: 'GET /users/{user_id}', call: (client, t) => client.users.get({ user_id: target(t) }), expect: EVERYONE },
  {
    endpoint: 'GET /users/{email}',
    call: (client, t) => client.users.getByEmail({ email: `user${target(t)}@${HOST}` }),
    expect: EVERYONE,
  },
  { endpoint: 'GET /users/me', call: (client) => client.users.me(), expect: EVERYONE },
  {
    endpoint: 'PATCH /users/{user_id}',
    call: (client, t, role) => client.users.update({ user_id: target(t), full_name: `Tara by ${role}` }),
    expect: ADMINS,
  },
  {
    endpoint: 'PATCH /users/{email}',
    call: (client, t, role) =>
      client.users.updateByEmail({ email: `user${target(t)}@${HOST}`, full_name: `Tara via ${role}` }),
    expect: ADMINS,
  },
  {
    endpoint: 'DELETE /users/{user_id}',
    call: (client, t) => client.users.deactivate({ user_id: target(t) }),
    restore: (t) => t.client('owner').users.reactivate({ user_id: target(t) }),
    expect: ADMINS,
  },
  {
    endpoint: 'POST /users/{user_id}/reactivate',
    call: async (client, t) => {
      await t.client('owner').users.deactivate({ user_id: target(t) });
      try {
        return await client.users.reactivate({ user_id: target(t) });
      } finally {
        await t.client('owner').users.reactivate({ user_id: target(t) });
      }
    },
    expect: ADMINS,
  },
  {
    // The owner is the only owner: refused. Everyone else may leave.
    endpoint: 'DELETE /users/me',
    call: (client) => client.users.deactivateOwn(),
    restore: (t, role) => t.client('owner').users.reactivate({ user_id: uid(t, role) }),
    expect: { ...EVERYONE, owner: 'deny' },
  },
  {
    // Administrators pass the role check; only the owner holds `can_create_users`.
    endpoint: 'POST /users',
    call: (client, _t, role) =>
      client.users.create({
        email: `new-${role}@teamchat.example`,
        password: 'a fine password',
        full_name: `New by ${role}`,
      }),
    expect: { owner: 'allow', administrator: 'deny', moderator: 'deny', member: 'deny', guest: 'deny', bot: 'deny' },
  },
  { endpoint: 'GET /realm/profile_fields', call: (client) => client.users.listCustomProfileFields(), expect: EVERYONE },
];

export const userScenarios: Scenario[] = [
  scenario(
    'users: GET /users/{id} and /users/{email} answer one user, bots and deactivated users included',
    async (t) => {
      const member = t.client('member');
      const guest = await member.users.get({ user_id: uid(t, 'guest') });
      expect(guest.user).toMatchObject({
        user_id: uid(t, 'guest'),
        role: 600,
        is_guest: true,
        email: t.accounts.guest.email,
        delivery_email: t.accounts.guest.email,
      });
      expect(guest.user).not.toHaveProperty('profile_data');
      const bot = await member.users.get({ user_id: uid(t, 'bot'), include_custom_profile_fields: true });
      expect(bot.user).toMatchObject({ is_bot: true, bot_type: 1, bot_owner_id: uid(t, 'owner') });
      expect(bot.user).not.toHaveProperty('profile_data');
      const owner = await member.users.get({ user_id: uid(t, 'owner'), include_custom_profile_fields: true });
      expect(owner.user.profile_data?.[String(FIELD.bio)]).toEqual({
        value: 'Founded **Teamchat Demo**; ask me about the roadmap.',
        rendered_value: '<p>Founded <strong>Teamchat Demo</strong>; ask me about the roadmap.</p>',
      });
      expect(owner.user.profile_data?.[String(FIELD.editor)]).toEqual({ value: '1' });
      const byReal = await member.users.getByEmail({ email: t.accounts.owner.email });
      const byDummy = await member.users.getByEmail({ email: dummy(t, 'owner').toUpperCase() });
      expect(byReal.user).toEqual(byDummy.user);
      const unknown = await failure(member.users.get({ user_id: 999 }));
      const unknownEmail = await failure(member.users.getByEmail({ email: 'nobody@teamchat.example' }));
      const unknownDummy = await failure(member.users.getByEmail({ email: `user999@${HOST}` }));
      for (const error of [unknown, unknownEmail, unknownDummy])
        expect(error).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user', status: 400 });
      await t.client('owner').users.deactivate({ user_id: uid(t, 'guest') });
      const deactivated = await member.users.get({ user_id: uid(t, 'guest') });
      expect(deactivated.user.is_active).toBe(false);
      const me = await member.users.me();
      expect(me).toMatchObject({
        user_id: uid(t, 'member'),
        profile_data: { [String(FIELD.mentor)]: { value: `[${uid(t, 'owner')}]` } },
      });
      return { guest, bot, owner, byReal, unknown, unknownEmail, unknownDummy, deactivated, me };
    },
  ),

  scenario('users: client_extavatar leaves avatar_url null only where the client can compute it', async (t) => {
    const member = t.client('member');
    const defaults = await member.users.get({ user_id: uid(t, 'owner') });
    expect(defaults.user.avatar_url).toBeNull();
    const explicit = await member.users.get({ user_id: uid(t, 'owner'), client_extavatar: false });
    expect(explicit.user.avatar_url).toMatch(
      /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/,
    );
    const alias = await t.raw('GET', `/users/${uid(t, 'owner')}`, {
      role: 'member',
      params: { client_gravatar: 'false' },
    });
    expect(alias.body).toMatchObject({ result: 'success', user: { avatar_url: explicit.user.avatar_url } });
    expect(alias.body).not.toHaveProperty('ignored_parameters_unsupported');
    // Once the member may no longer see the owner's address, the URL is always sent.
    await t.client('owner').settings.update({ email_address_visibility: 3 });
    const hidden = await member.users.get({ user_id: uid(t, 'owner') });
    expect(hidden.user.avatar_url).toBe(explicit.user.avatar_url);
    const adminView = await t.client('administrator').users.get({ user_id: uid(t, 'owner') });
    expect(adminView.user.avatar_url).toBeNull();
    const listed = await member.users.list();
    expect(listed.members.find((m) => m.user_id === uid(t, 'owner'))?.avatar_url).toBe(explicit.user.avatar_url);
    const confusing = await t.raw('GET', `/users/${uid(t, 'owner')}`, {
      role: 'member',
      params: { client_gravatar: 'false', client_extavatar: 'true' },
    });
    expect(confusing.body).toMatchObject({ code: 'REQUEST_CONFUSING_VAR' });
    return { defaults, explicit, hidden, adminView, confusing };
  }),

  scenario('users: email and delivery_email follow email_address_visibility and the viewer role', async (t) => {
    // The member's address as each role sees it, for each visibility value.
    const table: Record<string, Record<string, { email: string; delivery_email: string | null }>> = {};
    for (const visibility of [1, 2, 3, 5, 4] as const) {
      await t.client('member').settings.update({ email_address_visibility: visibility });
      const row: Record<string, { email: string; delivery_email: string | null }> = {};
      for (const viewer of ROLES) {
        const { user } = await t.client(viewer).users.get({ user_id: uid(t, 'member') });
        row[viewer] = { email: user.email, delivery_email: user.delivery_email };
      }
      table[visibility] = row;
    }
    const real = t.accounts.member.email;
    const hidden = dummy(t, 'member');
    const sees = (visibility: number) =>
      Object.fromEntries(ROLES.map((viewer) => [viewer, table[visibility]?.[viewer]?.delivery_email === real]));
    expect(sees(1)).toEqual({
      owner: true,
      administrator: true,
      moderator: true,
      member: true,
      guest: true,
      bot: true,
    });
    expect(sees(2)).toEqual({
      owner: true,
      administrator: true,
      moderator: true,
      member: true,
      guest: false,
      bot: true,
    });
    expect(sees(3)).toEqual({
      owner: true,
      administrator: true,
      moderator: false,
      member: true,
      guest: false,
      bot: false,
    });
    expect(sees(4)).toEqual({
      owner: false,
      administrator: false,
      moderator: false,
      member: true,
      guest: false,
      bot: false,
    });
    expect(sees(5)).toEqual({
      owner: true,
      administrator: true,
      moderator: true,
      member: true,
      guest: false,
      bot: false,
    });
    // The API address is the real one only when everyone may see it, whoever looks.
    expect(new Set(Object.values(table[1] ?? {}).map((v) => v.email))).toEqual(new Set([real]));
    for (const visibility of [2, 3, 4, 5])
      expect(new Set(Object.values(table[visibility] ?? {}).map((v) => v.email))).toEqual(new Set([hidden]));
    // A hidden real address (visibility 4 now) is no way to find the user; the dummy one always is.
    const byRealHidden = await failure(t.client('owner').users.getByEmail({ email: real }));
    expect(byRealHidden.msg).toBe('No such user');
    const byDummy = await t.client('guest').users.getByEmail({ email: hidden });
    expect(byDummy.user).toMatchObject({ user_id: uid(t, 'member'), email: hidden, delivery_email: null });
    const self = await t.client('member').users.me();
    expect(self).toMatchObject({ email: hidden, delivery_email: real });
    return { table, byRealHidden, byDummy };
  }),

  scenario(
    'users: GET /users filters by user_ids, adds profile data on request, and is public only where the organization allows it',
    async (t) => {
      const some = await t
        .client('guest')
        .users.list({ user_ids: [uid(t, 'member'), uid(t, 'bot')], include_custom_profile_fields: true });
      expect(some.members.map((m) => [m.user_id, m.profile_data])).toEqual([
        [
          uid(t, 'member'),
          {
            [String(FIELD.bio)]: {
              value: 'Writes the `store` code and reviews deploys.',
              rendered_value: '<p>Writes the <code>store</code> code and reviews deploys.</p>',
            },
            [String(FIELD.editor)]: { value: '2' },
            [String(FIELD.mentor)]: { value: `[${uid(t, 'owner')}]` },
            [String(FIELD.github)]: { value: 'mike-member' },
          },
        ],
        [uid(t, 'bot'), undefined],
      ]);
      const plain = await t.client('guest').users.list({ user_ids: [uid(t, 'member')] });
      expect(plain.members[0]).not.toHaveProperty('profile_data');
      const anonymous = await t.raw('GET', '/users');
      expect(anonymous).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHORIZED', msg: 'Not logged in: API authentication or user session required' },
      });
      // No endpoint of this issue turns public access on; the scenario sets the organization's
      // switch in the store, as an operator would.
      await t.store.write((tx) => tx.patch('realm', 1, { enable_spectator_access: true }));
      const spectator = await t.client(null).users.list();
      expect(spectator.members).toHaveLength(6);
      expect(spectator.members.every((m) => m.delivery_email === null && m.avatar_url !== null)).toBe(true);
      expect(spectator.members.find((m) => m.is_bot)?.email).toBe(t.accounts.bot.email);
      return { some, anonymous, spectator };
    },
  ),

  scenario('users: the organization has custom profile fields of every type, in the register state too', async (t) => {
    const { custom_fields } = await t.client('guest').users.listCustomProfileFields();
    expect(custom_fields.map((f) => [f.id, f.name, f.type, f.order])).toEqual([
      [1, 'Phone number', 1, 1],
      [2, 'Biography', 2, 2],
      [3, 'Favorite editor', 3, 3],
      [4, 'Birthday', 4, 4],
      [5, 'Website', 5, 5],
      [6, 'Mentor', 6, 6],
      [7, 'GitHub username', 7, 7],
      [8, 'Pronouns', 8, 8],
    ]);
    expect(custom_fields[0]).toEqual({
      id: 1,
      name: 'Phone number',
      type: 1,
      hint: 'Including the country code',
      field_data: '',
      order: 1,
      required: false,
      editable_by_user: true,
      display_in_profile_summary: true,
    });
    expect(custom_fields[1]).not.toHaveProperty('display_in_profile_summary');
    expect(JSON.parse(custom_fields[2]?.field_data ?? '')).toEqual({
      '0': { text: 'Vim', order: '1' },
      '1': { text: 'Emacs', order: '2' },
      '2': { text: 'VS Code', order: '3' },
    });
    expect(custom_fields[6]?.field_data).toBe('{"subtype":"github"}');
    const state = await t
      .client('member')
      .events.register({ fetch_event_types: ['custom_profile_fields', 'realm_user'] });
    expect(state['custom_profile_fields']).toEqual(custom_fields);
    expect(state['custom_profile_field_types']).toMatchObject({
      SHORT_TEXT: { id: 1, name: 'Text (short)' },
      PRONOUNS: { id: 8, name: 'Pronouns' },
    });
    const realmUsers = state.realm_users ?? [];
    expect(realmUsers.find((u) => u.user_id === uid(t, 'guest'))?.profile_data).toEqual({
      [String(FIELD.pronouns)]: { value: 'they/them' },
    });
    expect(realmUsers.find((u) => u.user_id === uid(t, 'bot'))).not.toHaveProperty('profile_data');
    expect(state['realm_non_active_users']).toEqual([]);
    return { custom_fields, state };
  }),

  scenario('users: an administrator changes name, role and profile data; everyone hears of it', async (t) => {
    const moderatorQueue = await queue(t, 'moderator', ['realm_user']);
    await t.client('administrator').users.update({
      user_id: uid(t, 'member'),
      full_name: '  Michael Member ',
      profile_data: [
        { id: FIELD.phone, value: '+49 30 1234' },
        { id: FIELD.birthday, value: '1990-07-01' },
        { id: FIELD.website, value: 'https://example.com/mike' },
        { id: FIELD.mentor, value: [uid(t, 'administrator'), uid(t, 'moderator')] },
        { id: FIELD.github, value: null },
        { id: FIELD.bio, value: '' },
        { id: FIELD.pronouns, value: '' },
      ],
    });
    await t.client('administrator').users.update({ user_id: uid(t, 'member'), role: 300 });
    const { user } = await t
      .client('guest')
      .users.get({ user_id: uid(t, 'member'), include_custom_profile_fields: true });
    expect(user).toMatchObject({ full_name: 'Michael Member', role: 300, is_admin: false });
    expect(user.profile_data).toEqual({
      [String(FIELD.phone)]: { value: '+49 30 1234', rendered_value: '<p>+49 30 1234</p>' },
      [String(FIELD.editor)]: { value: '2' },
      [String(FIELD.birthday)]: { value: '1990-07-01' },
      [String(FIELD.website)]: { value: 'https://example.com/mike' },
      [String(FIELD.mentor)]: { value: `[${uid(t, 'administrator')},${uid(t, 'moderator')}]` },
    });
    const events = await drain(t, 'moderator', moderatorQueue);
    const member = uid(t, 'member');
    expect(events).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: member, full_name: 'Michael Member' } },
      {
        type: 'realm_user',
        op: 'update',
        person: { user_id: member, custom_profile_field: { id: FIELD.github, value: null } },
      },
      {
        type: 'realm_user',
        op: 'update',
        person: { user_id: member, custom_profile_field: { id: FIELD.bio, value: null } },
      },
      {
        type: 'realm_user',
        op: 'update',
        person: {
          user_id: member,
          custom_profile_field: { id: FIELD.phone, value: '+49 30 1234', rendered_value: '<p>+49 30 1234</p>' },
        },
      },
      {
        type: 'realm_user',
        op: 'update',
        person: { user_id: member, custom_profile_field: { id: FIELD.birthday, value: '1990-07-01' } },
      },
      {
        type: 'realm_user',
        op: 'update',
        person: { user_id: member, custom_profile_field: { id: FIELD.website, value: 'https://example.com/mike' } },
      },
      {
        type: 'realm_user',
        op: 'update',
        person: {
          user_id: member,
          custom_profile_field: { id: FIELD.mentor, value: `[${uid(t, 'administrator')},${uid(t, 'moderator')}]` },
        },
      },
      { type: 'realm_user', op: 'update', person: { user_id: member, role: 300 } },
    ]);
    // The same values again change nothing and say nothing.
    await t.client('administrator').users.update({
      user_id: uid(t, 'member'),
      role: 300,
      full_name: 'Michael Member',
      profile_data: [
        { id: FIELD.phone, value: '+49 30 1234' },
        { id: FIELD.bio, value: null },
      ],
    });
    expect(await drain(t, 'moderator', moderatorQueue)).toEqual([]);
    // A blank name is ignored, as on the real server.
    await t.client('administrator').users.update({ user_id: uid(t, 'member'), full_name: '   ' });
    expect((await t.client('guest').users.get({ user_id: member })).user.full_name).toBe('Michael Member');
    return { user, events };
  }),

  scenario('users: PATCH /users refuses what the real server refuses, and then changes nothing', async (t) => {
    const before = await roster(t);
    const admin = t.client('administrator');
    const owner = t.client('owner');
    const member = uid(t, 'member');
    const errors = {
      notAdmin: await failure(t.client('moderator').users.update({ user_id: member, full_name: 'Nope' })),
      guestCaller: await failure(t.client('guest').users.update({ user_id: member, full_name: 'Nope' })),
      unknown: await failure(admin.users.update({ user_id: 999, full_name: 'Nobody' })),
      grantOwner: await failure(admin.users.update({ user_id: member, role: 100 })),
      removeOwner: await failure(admin.users.update({ user_id: uid(t, 'owner'), role: 200 })),
      onlyOwner: await failure(owner.users.update({ user_id: uid(t, 'owner'), role: 200 })),
      shortName: await failure(admin.users.update({ user_id: member, full_name: 'M' })),
      longName: await failure(admin.users.update({ user_id: member, full_name: 'M'.repeat(101) })),
      badName: await failure(admin.users.update({ user_id: member, full_name: 'Mike "the" Member' })),
      mentionName: await failure(admin.users.update({ user_id: member, full_name: 'Mike|42' })),
      unknownField: await failure(admin.users.update({ user_id: member, profile_data: [{ id: 99, value: 'x' }] })),
      unknownFieldRemoval: await failure(
        admin.users.update({ user_id: member, profile_data: [{ id: 99, value: null }] }),
      ),
      choice: await failure(
        admin.users.update({ user_id: member, profile_data: [{ id: FIELD.editor, value: 'Notepad' }] }),
      ),
      date: await failure(
        admin.users.update({ user_id: member, profile_data: [{ id: FIELD.birthday, value: '12/31/1990' }] }),
      ),
      link: await failure(
        admin.users.update({ user_id: member, profile_data: [{ id: FIELD.website, value: 'not a link' }] }),
      ),
      longText: await failure(
        admin.users.update({ user_id: member, profile_data: [{ id: FIELD.phone, value: '1'.repeat(51) }] }),
      ),
      person: await failure(
        admin.users.update({ user_id: member, profile_data: [{ id: FIELD.mentor, value: [999] }] }),
      ),
      personBot: await failure(
        admin.users.update({ user_id: member, profile_data: [{ id: FIELD.mentor, value: [uid(t, 'bot')] }] }),
      ),
      personText: await failure(
        admin.users.update({ user_id: member, profile_data: [{ id: FIELD.mentor, value: 'Olivia' }] }),
      ),
      textList: await failure(admin.users.update({ user_id: member, profile_data: [{ id: FIELD.phone, value: [1] }] })),
      emailByAdmin: await failure(admin.users.update({ user_id: member, new_email: 'mike2@teamchat.example' })),
      emailTaken: await failure(owner.users.update({ user_id: member, new_email: t.accounts.guest.email })),
      emailInvalid: await failure(owner.users.update({ user_id: member, new_email: 'mike at example' })),
      // The first error of a request wins; nothing of it is applied.
      partial: await failure(
        admin.users.update({
          user_id: member,
          full_name: 'Valid Name',
          profile_data: [{ id: FIELD.birthday, value: 'soon' }],
        }),
      ),
    };
    const roleRaw = await t.raw('PATCH', `/users/${member}`, { role: 'administrator', params: { role: '500' } });
    const roleText = await t.raw('PATCH', `/users/${member}`, { role: 'administrator', params: { role: 'admin' } });
    const profileRaw = await t.raw('PATCH', `/users/${member}`, {
      role: 'administrator',
      params: { profile_data: '[{"id":1}]' },
    });
    expect(errors.notAdmin).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission', status: 400 });
    expect(errors.guestCaller.msg).toBe('Insufficient permission');
    expect(errors.unknown.msg).toBe('No such user');
    expect(errors.grantOwner).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' });
    expect(errors.removeOwner).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' });
    expect(errors.onlyOwner).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'The owner permission cannot be removed from the only organization owner.',
    });
    expect(errors.shortName.msg).toBe('Name too short!');
    expect(errors.longName.msg).toBe('Name too long!');
    expect(errors.badName.msg).toBe('Invalid characters in name!');
    expect(errors.mentionName.msg).toBe('Invalid format!');
    expect(errors.unknownField.msg).toBe('Field id 99 not found.');
    expect(errors.unknownFieldRemoval.msg).toBe('Field id 99 not found.');
    expect(errors.choice.msg).toBe("'Notepad' is not a valid choice for 'Favorite editor'.");
    expect(errors.date.msg).toBe('Birthday is not a date');
    expect(errors.link.msg).toBe('Website is not a URL');
    expect(errors.longText.msg).toBe('Phone number is too long (limit: 50 characters)');
    expect(errors.person.msg).toBe('Invalid user ID: 999');
    expect(errors.personBot.msg).toBe(`User with ID ${uid(t, 'bot')} is a bot`);
    expect(errors.personText.msg).toBe('User IDs is not a list');
    expect(errors.textList.msg).toBe('Phone number is not a string');
    expect(errors.emailByAdmin.msg).toBe('User not authorized to change user emails');
    expect(errors.emailTaken.msg).toBe('New email value error: Email is already in use.');
    expect(errors.emailInvalid.msg).toBe('New email value error: Invalid address.');
    expect(errors.partial.msg).toBe('Birthday is not a date');
    expect(roleRaw.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid role', var_name: 'role' });
    expect(roleText.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'role is not valid JSON' });
    expect(profileRaw.body).toMatchObject({ code: 'BAD_REQUEST', var_name: 'profile_data[0]["value"]' });
    expect(await roster(t)).toEqual(before);
    // Deactivated users and bots are valid targets; a deactivated user is no valid mentor.
    await owner.users.deactivate({ user_id: uid(t, 'guest') });
    const deactivatedMentor = await failure(
      admin.users.update({ user_id: member, profile_data: [{ id: FIELD.mentor, value: [uid(t, 'guest')] }] }),
    );
    expect(deactivatedMentor.msg).toBe(`User with ID ${uid(t, 'guest')} is deactivated`);
    await admin.users.update({ user_id: uid(t, 'guest'), full_name: 'Gina Former Guest' });
    await admin.users.update({ user_id: uid(t, 'bot'), full_name: 'Demo Bot Two' });
    const botNameTaken = await failure(admin.users.update({ user_id: uid(t, 'bot'), full_name: 'Adam Admin' }));
    expect(botNameTaken.msg).toBe('Name is already in use.');
    const after = await roster(t);
    expect(after.find((u) => u.user_id === uid(t, 'guest'))).toMatchObject({
      full_name: 'Gina Former Guest',
      is_active: false,
    });
    expect(after.find((u) => u.user_id === uid(t, 'bot'))?.full_name).toBe('Demo Bot Two');
    return {
      errors,
      roleRaw: roleRaw.body,
      roleText: roleText.body,
      profileRaw: profileRaw.body,
      deactivatedMentor,
      botNameTaken,
    };
  }),

  scenario(
    'users: only owners grant or remove the owner role; the last owner keeps it; a bot owner is no administrator',
    async (t) => {
      const owner = t.client('owner');
      await owner.users.update({ user_id: uid(t, 'administrator'), role: 100 });
      const promoted = await t.client('guest').users.get({ user_id: uid(t, 'administrator') });
      expect(promoted.user).toMatchObject({ role: 100, is_owner: true, is_admin: true });
      // Now two owners: the first one may step down.
      await t.client('administrator').users.update({ user_id: uid(t, 'owner'), role: 400 });
      const demoted = await t.client('guest').users.get({ user_id: uid(t, 'owner') });
      expect(demoted.user).toMatchObject({ role: 400, is_owner: false, is_admin: false });
      // Olivia, a member now, still owns the demo bot: she may rename it, not change its role.
      await owner.users.update({ user_id: uid(t, 'bot'), full_name: 'Olivia Bot' });
      const botRole = await failure(owner.users.update({ user_id: uid(t, 'bot'), role: 300 }));
      expect(botRole).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
      const otherUser = await failure(owner.users.update({ user_id: uid(t, 'member'), full_name: 'Mike Renamed' }));
      expect(otherUser.msg).toBe('Insufficient permission');
      const lastOwner = await failure(
        t.client('administrator').users.update({ user_id: uid(t, 'administrator'), role: 200 }),
      );
      expect(lastOwner.msg).toBe('The owner permission cannot be removed from the only organization owner.');
      // The is_admin / is_guest pair left the real API at feature level 8: reported, not honoured.
      const legacy = await t.raw('PATCH', `/users/${uid(t, 'moderator')}`, {
        role: 'administrator',
        params: { is_guest: 'true', is_admin: 'false' },
      });
      expect(legacy.body).toEqual({
        result: 'success',
        msg: '',
        ignored_parameters_unsupported: ['is_admin', 'is_guest'],
      });
      await t.client('administrator').users.update({ user_id: uid(t, 'moderator'), role: 600 });
      await t.client('administrator').users.update({ user_id: uid(t, 'member'), role: 200 });
      const roles = Object.fromEntries((await roster(t, 'guest')).map((u) => [u.full_name, u.role]));
      expect(roles).toEqual({
        'Olivia Owner': 400,
        'Adam Admin': 100,
        'Maya Moderator': 600,
        'Mike Member': 200,
        'Gina Guest': 600,
        'Olivia Bot': 400,
      });
      return { promoted, demoted, botRole, otherUser, lastOwner, roles };
    },
  ),

  scenario('users: a role change moves the user between system groups and changes the channels it sees', async (t) => {
    const guestQueue = await queue(t, 'guest', ['realm_user', 'user_group', 'stream', 'subscription']);
    const memberQueue = await queue(t, 'member', ['realm_user', 'user_group']);
    const groups = Object.fromEntries(
      (await t.client('owner').userGroups.list()).user_groups.map((g) => [g.name, g.id]),
    );
    const before = await t.client('guest').channels.list();
    expect(before.streams.map((s) => s.name)).toEqual(['general']);
    await t.client('owner').users.update({ user_id: uid(t, 'guest'), role: 400 });
    const guest = uid(t, 'guest');
    const expected = [
      { type: 'realm_user', op: 'update', person: { user_id: guest, role: 400 } },
      { type: 'user_group', op: 'remove_members', group_id: groups['role:everyone'], user_ids: [guest] },
      { type: 'user_group', op: 'add_members', group_id: groups['role:members'], user_ids: [guest] },
      { type: 'user_group', op: 'add_members', group_id: groups['role:fullmembers'], user_ids: [guest] },
    ];
    expect(await drain(t, 'member', memberQueue)).toEqual(expected);
    const guestEvents = await drain(t, 'guest', guestQueue);
    expect(guestEvents.slice(0, 4)).toEqual(expected);
    expect(guestEvents.slice(4).map((e) => `${String(e['type'])}:${String(e['op'])}`)).toEqual([
      'stream:create',
      'subscription:peer_add',
    ]);
    expect(guestEvents[4]).toMatchObject({ streams: [{ name: 'engineering' }] });
    expect(guestEvents[5]).toEqual({
      type: 'subscription',
      op: 'peer_add',
      stream_ids: [guestEvents[4] && (guestEvents[4]['streams'] as { stream_id: number }[])[0]?.stream_id],
      user_ids: [uid(t, 'owner'), uid(t, 'administrator'), uid(t, 'member'), uid(t, 'bot')],
    });
    const after = await t.client('guest').channels.list();
    expect(after.streams.map((s) => s.name)).toEqual(['engineering', 'general']);
    const members = await t
      .client('owner')
      .userGroups.listMembers({ user_group_id: groups['role:members'] ?? 0, direct_member_only: true });
    expect(members.members).toContain(guest);
    const everyone = await t
      .client('owner')
      .userGroups.listMembers({ user_group_id: groups['role:everyone'] ?? 0, direct_member_only: true });
    expect(everyone.members).not.toContain(guest);
    // Back to guest: the public channel it is not subscribed to disappears again.
    await t.client('owner').users.update({ user_id: guest, role: 600 });
    const back = await drain(t, 'guest', guestQueue);
    expect(back.map((e) => `${String(e['type'])}:${String(e['op'])}`)).toEqual([
      'realm_user:update',
      'user_group:remove_members',
      'user_group:add_members',
      'user_group:remove_members',
      'stream:delete',
    ]);
    expect(back[4]).toMatchObject({
      stream_ids: [guestEvents[4] && (guestEvents[4]['streams'] as { stream_id: number }[])[0]?.stream_id],
    });
    return { expected, guestEvents, back, members: members.members };
  }),

  scenario('users: new_email changes the address at once, by ID or by email', async (t) => {
    const moderatorQueue = await queue(t, 'moderator', ['realm_user']);
    const owner = t.client('owner');
    await owner.users.update({ user_id: uid(t, 'member'), new_email: 'mike@new.example' });
    const { user } = await t.client('moderator').users.get({ user_id: uid(t, 'member') });
    expect(user).toMatchObject({ email: 'mike@new.example', delivery_email: 'mike@new.example' });
    const renamed = t.clientFor('mike@new.example', t.accounts.member.apiKey);
    expect((await renamed.users.me()).email).toBe('mike@new.example');
    const oldLogin = await t.raw('GET', '/users/me', {
      auth: { email: t.accounts.member.email, apiKey: t.accounts.member.apiKey },
    });
    expect(oldLogin.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Invalid API key' });
    const events = await drain(t, 'moderator', moderatorQueue);
    expect(
      events.map((e) =>
        Object.keys(e['person'] as object)
          .sort()
          .join(','),
      ),
    ).toEqual([
      'delivery_email,user_id',
      'avatar_source,avatar_url,avatar_url_medium,avatar_version,user_id',
      'new_email,user_id',
    ]);
    expect(events[0]).toEqual({
      type: 'realm_user',
      op: 'update',
      person: { user_id: uid(t, 'member'), delivery_email: 'mike@new.example' },
    });
    expect(events[2]).toEqual({
      type: 'realm_user',
      op: 'update',
      person: { user_id: uid(t, 'member'), new_email: 'mike@new.example' },
    });
    // A hidden address: the API address stays the dummy one; only those who may see it hear.
    await t.client('guest').settings.update({ email_address_visibility: 3 });
    await drain(t, 'moderator', moderatorQueue);
    await owner.users.updateByEmail({ email: t.accounts.guest.email, new_email: 'gina@new.example' });
    const guestNow = await t.client('owner').users.getByEmail({ email: 'gina@new.example' });
    expect(guestNow.user).toMatchObject({ email: dummy(t, 'guest'), delivery_email: 'gina@new.example' });
    const moderatorEvents = await drain(t, 'moderator', moderatorQueue);
    expect(
      moderatorEvents.map((e) =>
        Object.keys(e['person'] as object)
          .sort()
          .join(','),
      ),
    ).toEqual(['avatar_source,avatar_url,avatar_url_medium,avatar_version,user_id']);
    const unchanged = await owner.users.update({ user_id: uid(t, 'guest'), new_email: 'gina@new.example' });
    return { user, events, guestNow, moderatorEvents, unchanged };
  }),

  scenario(
    'users: PATCH /users/{email} takes the dummy address always and the real one only where visible',
    async (t) => {
      const admin = t.client('administrator');
      await admin.users.updateByEmail({ email: t.accounts.member.email, full_name: 'Mike By Email' });
      await admin.users.updateByEmail({ email: dummy(t, 'moderator'), full_name: 'Maya By Dummy' });
      await t.client('member').settings.update({ email_address_visibility: 4 });
      const hidden = await failure(admin.users.updateByEmail({ email: t.accounts.member.email, full_name: 'Hidden' }));
      await admin.users.updateByEmail({ email: dummy(t, 'member'), role: 300 });
      const unknown = await failure(admin.users.updateByEmail({ email: 'ghost@teamchat.example', full_name: 'Ghost' }));
      const denied = await failure(
        t.client('member').users.updateByEmail({ email: dummy(t, 'guest'), full_name: 'Nope' }),
      );
      const grant = await failure(admin.users.updateByEmail({ email: dummy(t, 'guest'), role: 100 }));
      const names = (await roster(t, 'guest')).map((u) => [u.full_name, u.role]);
      expect(hidden.msg).toBe('No such user');
      expect(unknown.msg).toBe('No such user');
      expect(denied.msg).toBe('Insufficient permission');
      expect(grant).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' });
      expect(names).toEqual([
        ['Olivia Owner', 100],
        ['Adam Admin', 200],
        ['Maya By Dummy', 300],
        ['Mike By Email', 300],
        ['Gina Guest', 600],
        ['Demo Bot', 400],
      ]);
      return { hidden, unknown, denied, grant, names };
    },
  ),

  scenario(
    'users: deactivation locks the account out, hides it from groups and channels; reactivation restores it',
    async (t) => {
      const owner = t.client('owner');
      const member = uid(t, 'member');
      const { id: channelId } = await t
        .client('member')
        .channels.create({ name: 'mike-room', subscribers: [member, uid(t, 'moderator')] });
      const memberQueue = await queue(t, 'member', ['realm_user']);
      const moderatorQueue = await queue(t, 'moderator', ['realm_user', 'subscription']);
      const groups = Object.fromEntries((await owner.userGroups.list()).user_groups.map((g) => [g.name, g.id]));
      const supportBefore = (
        await owner.userGroups.listMembers({ user_group_id: groups['support'] ?? 0, direct_member_only: true })
      ).members;
      expect(supportBefore).toContain(member);

      await owner.users.deactivate({ user_id: member, deactivation_notification_comment: 'Thanks for everything.' });
      const locked = await t.raw('GET', '/users/me', { role: 'member' });
      expect(locked).toMatchObject({
        status: 401,
        body: { result: 'error', code: 'UNAUTHORIZED', msg: 'Account is deactivated' },
      });
      const listed = (await roster(t, 'moderator')).find((u) => u.user_id === member);
      expect(listed?.is_active).toBe(false);
      const state = await t.client('moderator').events.register({ fetch_event_types: ['realm_user'] });
      expect(state.realm_users?.some((u) => u.user_id === member)).toBe(false);
      expect((state['realm_non_active_users'] as { user_id: number }[]).map((u) => u.user_id)).toEqual([member]);
      const moderatorEvents = await drain(t, 'moderator', moderatorQueue);
      const channels = await t.client('moderator').channels.list();
      const general = channels.streams.find((s) => s.name === 'general');
      const engineering = channels.streams.find((s) => s.name === 'engineering');
      const room = channels.streams.find((s) => s.stream_id === channelId);
      expect(moderatorEvents).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: member, is_active: false } },
        { type: 'subscription', op: 'peer_remove', stream_ids: [general?.stream_id], user_ids: [member] },
        { type: 'subscription', op: 'peer_remove', stream_ids: [engineering?.stream_id], user_ids: [member] },
        { type: 'subscription', op: 'peer_remove', stream_ids: [channelId], user_ids: [member] },
      ]);
      // Out of anonymous group settings (FL 303) and of user-group members, and not addable.
      expect(room?.can_administer_channel_group).toEqual({ direct_members: [], direct_subgroups: [] });
      expect(room?.subscriber_count).toBe(1);
      const support = (
        await owner.userGroups.listMembers({ user_group_id: groups['support'] ?? 0, direct_member_only: true })
      ).members;
      expect(support).not.toContain(member);
      const addDeactivated = await failure(
        owner.userGroups.updateMembers({ user_group_id: groups['leads'] ?? 0, add: [member] }),
      );
      expect(addDeactivated.code).toBe('BAD_REQUEST');
      const errors = {
        again: await failure(owner.users.deactivate({ user_id: member })),
        bot: await failure(owner.users.deactivate({ user_id: uid(t, 'bot') })),
        unknown: await failure(owner.users.deactivate({ user_id: 999 })),
        ownerByAdmin: await failure(t.client('administrator').users.deactivate({ user_id: uid(t, 'owner') })),
        onlyOwner: await failure(owner.users.deactivate({ user_id: uid(t, 'owner') })),
        byModerator: await failure(t.client('moderator').users.deactivate({ user_id: uid(t, 'guest') })),
        reactivateByModerator: await failure(t.client('moderator').users.reactivate({ user_id: member })),
        reactivateUnknown: await failure(owner.users.reactivate({ user_id: 999 })),
        longComment: await failure(
          owner.users.deactivate({ user_id: uid(t, 'guest'), deactivation_notification_comment: 'x'.repeat(2001) }),
        ),
      };
      expect(errors.again).toMatchObject({ code: 'BAD_REQUEST', msg: 'User is deactivated' });
      expect(errors.bot.msg).toBe('No such user');
      expect(errors.unknown.msg).toBe('No such user');
      expect(errors.ownerByAdmin).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization owner',
      });
      expect(errors.onlyOwner).toMatchObject({
        code: 'BAD_REQUEST',
        msg: 'Cannot deactivate the only organization owner',
      });
      expect(errors.byModerator.msg).toBe('Insufficient permission');
      expect(errors.reactivateByModerator.msg).toBe('Insufficient permission');
      expect(errors.reactivateUnknown.msg).toBe('No such user');
      expect(errors.longComment.msg).toBe('deactivation_notification_comment is too long (limit: 2000 characters)');

      await t.client('administrator').users.reactivate({ user_id: member });
      const back = await t.client('member').users.me();
      expect(back.is_active).toBe(true);
      const stale = await failure(t.client('member').events.get({ queue_id: memberQueue, dont_block: true }));
      expect(stale.code).toBe('BAD_EVENT_QUEUE_ID');
      const reactivationEvents = await drain(t, 'moderator', moderatorQueue);
      expect(reactivationEvents).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: member, is_active: true } },
        { type: 'subscription', op: 'peer_add', stream_ids: [general?.stream_id], user_ids: [member] },
        { type: 'subscription', op: 'peer_add', stream_ids: [engineering?.stream_id], user_ids: [member] },
        { type: 'subscription', op: 'peer_add', stream_ids: [channelId], user_ids: [member] },
      ]);
      const restored = (await t.client('moderator').channels.list()).streams.find((s) => s.stream_id === channelId);
      expect(restored?.can_administer_channel_group).toEqual({ direct_members: [member], direct_subgroups: [] });
      expect(
        (await owner.userGroups.listMembers({ user_group_id: groups['support'] ?? 0, direct_member_only: true }))
          .members,
      ).toContain(member);
      // Reactivating an active account changes nothing.
      await owner.users.reactivate({ user_id: member });
      expect(await drain(t, 'moderator', moderatorQueue)).toEqual([]);
      return { moderatorEvents, errors, reactivationEvents, room, restored };
    },
  ),

  scenario('users: a deactivated user takes their bots along; reactivation brings back only the user', async (t) => {
    const owner = t.client('owner');
    await owner.users.update({ user_id: uid(t, 'administrator'), role: 100 });
    const adminQueue = await queue(t, 'administrator', ['realm_user']);
    await t.client('administrator').users.deactivate({ user_id: uid(t, 'owner') });
    const botLocked = await t.raw('GET', '/users/me', { role: 'bot' });
    expect(botLocked).toMatchObject({ status: 401, body: { msg: 'Account is deactivated' } });
    const events = await drain(t, 'administrator', adminQueue);
    expect(events.filter((e) => e['type'] === 'realm_user')).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: uid(t, 'bot'), is_active: false } },
      { type: 'realm_user', op: 'update', person: { user_id: uid(t, 'owner'), is_active: false } },
    ]);
    await t.client('administrator').users.reactivate({ user_id: uid(t, 'owner') });
    const still = await t.client('administrator').users.get({ user_id: uid(t, 'bot') });
    expect(still.user.is_active).toBe(false);
    // Bots come back through the same endpoint, unless an active account has their name.
    await t.client('administrator').users.update({ user_id: uid(t, 'moderator'), full_name: 'Demo Bot' });
    const clash = await failure(t.client('administrator').users.reactivate({ user_id: uid(t, 'bot') }));
    expect(clash.msg).toBe(
      'There is already an active bot named "Demo Bot" in this organization. To reactivate this bot, you must rename or deactivate the other one first.',
    );
    await t.client('administrator').users.update({ user_id: uid(t, 'moderator'), full_name: 'Maya Moderator' });
    await owner.users.reactivate({ user_id: uid(t, 'bot') });
    expect((await t.client('bot').users.me()).is_active).toBe(true);
    return { events, still: still.user.is_active, clash };
  }),

  scenario('users: DELETE /users/me deactivates the caller, except the last owner and the last user', async (t) => {
    await t.client('member').users.deactivateOwn();
    const gone = await t.raw('GET', '/users/me', { role: 'member' });
    expect(gone.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Account is deactivated' });
    const lastOwner = await failure(t.client('owner').users.deactivateOwn());
    expect(lastOwner).toEqual({
      code: 'CANNOT_DEACTIVATE_LAST_USER',
      msg: 'Cannot deactivate the only organization owner.',
      status: 400,
      extra: { is_last_owner: true, entity: 'organization owner' },
    });
    for (const role of ['administrator', 'moderator', 'guest', 'bot'] as const)
      await t.client(role).users.deactivateOwn();
    const lastUser = await failure(t.client('owner').users.deactivateOwn());
    expect(lastUser).toEqual({
      code: 'CANNOT_DEACTIVATE_LAST_USER',
      msg: 'Cannot deactivate the only user.',
      status: 400,
      extra: { is_last_owner: false, entity: 'user' },
    });
    const active = (await roster(t)).filter((u) => u.is_active).map((u) => u.user_id);
    expect(active).toEqual([uid(t, 'owner')]);
    return { gone: gone.body, lastOwner, lastUser, active };
  }),

  scenario(
    'users: POST /users creates an account with the organization defaults; existing accounts keep theirs',
    async (t) => {
      await t.client('administrator').settings.updateRealmDefaults({
        enter_sends: true,
        emojiset: 'set_b',
        web_channel_default_view: 3,
        email_address_visibility: 2,
      });
      const moderatorQueue = await queue(t, 'moderator', ['realm_user', 'user_group', 'subscription']);
      const guestQueue = await queue(t, 'guest', ['realm_user']);
      const created = await t
        .client('owner')
        .users.create({ email: ' nina@teamchat.example ', password: 'nina-password', full_name: '  Nina New ' });
      const login = await t
        .client(null)
        .server.fetchApiKey({ username: 'nina@teamchat.example', password: 'nina-password' });
      expect(login.user_id).toBe(created.user_id);
      const nina = t.clientFor('nina@teamchat.example', login.api_key);
      const state = await nina.events.register({
        fetch_event_types: ['user_settings', 'subscription'],
        client_capabilities: { user_settings_object: true },
      });
      expect(state.user_settings).toMatchObject({
        enter_sends: true,
        emojiset: 'set_b',
        web_channel_default_view: 3,
        email_address_visibility: 2,
        twenty_four_hour_time: false,
      });
      expect(state.subscriptions?.map((s) => s.name)).toEqual(['general']);
      const existing = await t
        .client('member')
        .events.register({ fetch_event_types: ['user_settings'], client_capabilities: { user_settings_object: true } });
      expect(existing.user_settings).toMatchObject({
        enter_sends: false,
        emojiset: 'set_a',
        web_channel_default_view: 1,
        email_address_visibility: 1,
      });
      const me = await nina.users.me();
      expect(me).toMatchObject({
        user_id: created.user_id,
        full_name: 'Nina New',
        role: 400,
        email: `user${created.user_id}@${HOST}`,
        delivery_email: 'nina@teamchat.example',
      });
      const moderatorEvents = await drain(t, 'moderator', moderatorQueue);
      expect(moderatorEvents.map((e) => `${String(e['type'])}:${String(e['op'])}`)).toEqual([
        'realm_user:add',
        'user_group:add_members',
        'user_group:add_members',
        'subscription:peer_add',
      ]);
      expect(moderatorEvents[0]).toMatchObject({
        person: {
          user_id: created.user_id,
          full_name: 'Nina New',
          delivery_email: 'nina@teamchat.example',
          profile_data: {},
          is_active: true,
        },
      });
      const guestEvents = await drain(t, 'guest', guestQueue);
      expect(guestEvents).toMatchObject([
        {
          type: 'realm_user',
          op: 'add',
          person: { user_id: created.user_id, email: `user${created.user_id}@${HOST}`, delivery_email: null },
        },
      ]);
      const errors = {
        admin: await failure(
          t
            .client('administrator')
            .users.create({ email: 'a@teamchat.example', password: 'a fine password', full_name: 'By Admin' }),
        ),
        member: await failure(
          t
            .client('member')
            .users.create({ email: 'b@teamchat.example', password: 'a fine password', full_name: 'By Member' }),
        ),
        taken: await failure(
          t
            .client('owner')
            .users.create({ email: 'NINA@teamchat.example', password: 'a fine password', full_name: 'Nina Two' }),
        ),
        badEmail: await failure(
          t
            .client('owner')
            .users.create({ email: 'nina at example', password: 'a fine password', full_name: 'Nina Three' }),
        ),
        weak: await failure(
          t
            .client('owner')
            .users.create({ email: 'c@teamchat.example', password: 'aaaaaa', full_name: 'Weak Password' }),
        ),
        badName: await failure(
          t.client('owner').users.create({ email: 'd@teamchat.example', password: 'a fine password', full_name: 'X' }),
        ),
      };
      const missing = await t.raw('POST', '/users', {
        role: 'owner',
        params: { email: 'e@teamchat.example', full_name: 'No Password' },
      });
      expect(errors.admin).toMatchObject({ code: 'BAD_REQUEST', msg: 'User not authorized to create users' });
      expect(errors.member).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
      expect(errors.taken.msg).toBe("Email 'NINA@teamchat.example' already in use");
      expect(errors.badEmail.msg).toBe('Bad name or username');
      expect(errors.weak.msg).toBe('The password is too weak.');
      expect(errors.badName.msg).toBe('Name too short!');
      expect(missing.body).toMatchObject({
        code: 'REQUEST_VARIABLE_MISSING',
        msg: "Missing 'password' argument",
        var_name: 'password',
      });
      // Passwords are stored hashed.
      const record = t.store.get('users', created.user_id);
      expect(record?.password_hash).toMatch(/^pbkdf2_sha256\$\d+\$[A-Za-z0-9]+\$[A-Za-z0-9+/=]+$/);
      expect(record?.password_hash).not.toContain('nina-password');
      return { created, state: state.user_settings, moderatorEvents, guestEvents, errors, missing: missing.body };
    },
  ),

  scenario('users: permission matrix of the users and settings endpoints by role', async (t) => {
    await t.client('owner').users.create({ email: TARGET_EMAIL, password: 'tara-password', full_name: 'Tara Target' });
    const observed: Record<string, Record<string, unknown>> = {};
    for (const row of PERMISSION_MATRIX) {
      const cells: Record<string, unknown> = {};
      for (const role of ROLES) {
        const result = await outcome(row.call(t.client(role), t, role));
        cells[role] = 'ok' in result ? 'allow' : { deny: result.error };
        if ('ok' in result && row.restore) await row.restore(t, role);
      }
      observed[row.endpoint] = cells;
      const decisions = Object.fromEntries(
        Object.entries(cells).map(([role, cell]) => [role, cell === 'allow' ? 'allow' : 'deny']),
      );
      expect(decisions, row.endpoint).toEqual(row.expect);
    }
    const deny = (code: string, msg: string, extra: Record<string, unknown> = {}) => ({
      deny: { code, msg, status: 400, extra },
    });
    expect(observed['PATCH /settings']?.['bot']).toEqual(
      deny('BAD_REQUEST', 'This endpoint does not accept bot requests.'),
    );
    expect(observed['PATCH /realm/user_settings_defaults']?.['moderator']).toEqual(
      deny('UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator'),
    );
    expect(observed['PATCH /users/{user_id}']?.['member']).toEqual(deny('BAD_REQUEST', 'Insufficient permission'));
    expect(observed['DELETE /users/{user_id}']?.['guest']).toEqual(deny('BAD_REQUEST', 'Insufficient permission'));
    expect(observed['DELETE /users/me']?.['owner']).toEqual(
      deny('CANNOT_DEACTIVATE_LAST_USER', 'Cannot deactivate the only organization owner.', {
        is_last_owner: true,
        entity: 'organization owner',
      }),
    );
    expect(observed['POST /users']?.['administrator']).toEqual(
      deny('BAD_REQUEST', 'User not authorized to create users'),
    );
    expect(observed['POST /users']?.['bot']).toEqual(
      deny('UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator'),
    );
    // Everyone is back and active.
    expect((await roster(t)).filter((u) => !u.is_active)).toEqual([]);
    return observed;
  }),
];
