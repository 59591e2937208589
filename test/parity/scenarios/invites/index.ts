import type { Client } from '@teamchat/client-sdk';
import type { DemoRole } from '@teamchat/server';
import { expect } from 'vitest';
import { failure, scenario, type Scenario, type ScenarioContext } from '../../harness.js';
import { verdict } from '../user-groups/helpers.js';
import { emailsTo, getPage, linkSentTo, pageMessage, sessionEmail, submitSignUp, systemGroupId } from './helpers.js';

const PASSWORD = 'correct horse battery staple';

async function channelId(t: ScenarioContext, name: string): Promise<number> {
  return (await t.client('owner').channels.getId({ stream: name })).stream_id;
}

async function setRealmGroup(t: ScenarioContext, setting: string, group: string): Promise<void> {
  await t.client('owner').realm.update({ [setting]: { new: systemGroupId(t, group) } });
}

/** The email invitation to `email` in the owner's GET /invites. */
async function inviteTo(t: ScenarioContext, email: string): Promise<number> {
  const found = (await t.client('owner').invites.list()).invites.find((invite) => invite.email === email);
  if (!found) throw new Error(`no invitation to ${email}`);
  return found.id;
}

/** The direct messages of `client`'s account, oldest first, as sender name and content. */
async function directMessages(client: Client): Promise<{ sender: string; content: string }[]> {
  const { messages } = await client.messages.list({
    anchor: 'newest',
    num_before: 20,
    num_after: 0,
    narrow: [{ operator: 'is', operand: 'dm' }],
    apply_markdown: false,
  });
  return messages.map((message) => ({ sender: message.sender_full_name, content: message.content }));
}

/**
 * Signs up through `path` (logged in to the web app and led to it) and logs in with the
 * password: the new account's client.
 */
async function signUpAndLogIn(
  t: ScenarioContext,
  path: string,
  fields: Record<string, string>,
  email: string,
): Promise<Client> {
  const created = await submitSignUp(t, path, { password: PASSWORD, ...fields });
  expect([created.status, created.location], pageMessage(created.html)).toEqual([302, '/']);
  expect(await sessionEmail(t, created.session ?? '')).toBe(email);
  const { api_key } = await t.client(null).server.fetchApiKey({ username: email, password: PASSWORD });
  return t.clientFor(email, api_key);
}

/** POST /invites, GET /invites, POST /invites/multiuse, DELETE /invites/…, POST /invites/{id}/resend, the sign-up pages. */
export const inviteScenarios: Scenario[] = [
  scenario(
    'invites: a member invites by email; GET /invites lists what each user may manage; invites_changed; the outbox has the emails',
    async (t) => {
      const general = await channelId(t, 'general');
      const admin = await t.client('administrator').events.register({ event_types: ['invites_changed'] });
      const inviter = await t.client('member').events.register({ event_types: ['invites_changed'] });
      const bystander = await t.client('moderator').events.register({ event_types: ['invites_changed'] });
      expect(
        await t.client('member').invites.send({
          invitee_emails: 'new1@example.com,\nSecond Person <new2@example.com>, new1@example.com',
          stream_ids: [general],
        }),
      ).toEqual({});
      const asMember = (await t.client('member').invites.list()).invites;
      expect(
        asMember.map((invite) => [
          invite.email,
          invite.invited_as,
          invite.is_multiuse,
          invite.notify_referrer_on_join,
          invite.invited_by_user_id,
        ]),
      ).toEqual([
        ['new1@example.com', 400, false, true, t.accounts.member.userId],
        ['new2@example.com', 400, false, true, t.accounts.member.userId],
      ]);
      const [first] = asMember;
      expect((first?.expiry_date ?? 0) - (first?.invited ?? 0)).toBe(10 * 24 * 3600);
      expect((await t.client('owner').invites.list()).invites).toEqual(asMember);
      expect((await t.client('moderator').invites.list()).invites).toEqual([]);
      const emails = emailsTo(t, 'new2@example.com');
      expect(emails.map((email) => email.template)).toEqual(['invitation']);
      expect(emails[0]?.subject).toMatch(/^.+ invited you to join Teamchat Demo$/);
      expect(linkSentTo(t, 'new2@example.com')).toMatch(/^\/accounts\/do_confirm\/[a-z0-9]{24}$/);
      const events = async (queue: { queue_id?: string | null }, role: DemoRole) =>
        (await t.client(role).events.get({ queue_id: queue.queue_id ?? '', dont_block: true })).events.map(
          (event) => event.type,
        );
      const seen = {
        admin: await events(admin, 'administrator'),
        inviter: await events(inviter, 'member'),
        bystander: await events(bystander, 'moderator'),
      };
      expect(seen).toEqual({ admin: ['invites_changed'], inviter: ['invites_changed'], bystander: [] });
      return { asMember, seen, emails: emails.map(({ body: _body, ...email }) => email) };
    },
  ),

  scenario(
    'invites: POST /invites validates every address, and answers INVITATION_FAILED when some had accounts',
    async (t) => {
      const general = await channelId(t, 'general');
      const member = t.client('member');
      const errors = {
        empty: await failure(member.invites.send({ invitee_emails: '', stream_ids: [] })),
        invalid: await failure(
          member.invites.send({ invitee_emails: 'not-an-address, ok@example.com', stream_ids: [general] }),
        ),
        existing: await failure(member.invites.send({ invitee_emails: t.accounts.owner.email, stream_ids: [] })),
        channel: await failure(member.invites.send({ invitee_emails: 'x@example.com', stream_ids: [999] })),
        role: await failure(member.invites.send({ invitee_emails: 'x@example.com', stream_ids: [], invite_as: 200 })),
        badRole: await failure(
          member.invites.send({ invitee_emails: 'x@example.com', stream_ids: [], invite_as: 250 }),
        ),
        owner: await failure(
          t.client('administrator').invites.send({ invitee_emails: 'x@example.com', stream_ids: [], invite_as: 100 }),
        ),
        welcome: await failure(
          member.invites.send({ invitee_emails: 'x@example.com', stream_ids: [], welcome_message_custom_text: 'Hi' }),
        ),
        guest: await failure(t.client('guest').invites.send({ invitee_emails: 'x@example.com', stream_ids: [] })),
      };
      expect(errors.empty).toMatchObject({
        code: 'BAD_REQUEST',
        status: 400,
        msg: 'You must specify at least one email address.',
      });
      expect(errors.invalid).toMatchObject({
        code: 'INVITATION_FAILED',
        status: 400,
        msg: "Some emails did not validate, so we didn't send any invitations.",
        extra: {
          errors: [['not-an-address', 'Invalid address.', false]],
          sent_invitations: false,
          license_limit_reached: false,
          daily_limit_reached: false,
        },
      });
      expect(errors.existing).toMatchObject({
        code: 'INVITATION_FAILED',
        msg: "We weren't able to invite anyone.",
        extra: { errors: [[t.accounts.owner.email, 'Already has an account.', false]], sent_invitations: false },
      });
      expect(errors.channel.msg).toBe('Invalid channel ID 999. No invites were sent.');
      expect(errors.role.msg).toBe('Must be an organization administrator');
      expect(errors.badRole.msg).toBe('Invalid invite_as');
      expect(errors.owner).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' });
      expect(errors.welcome.msg).toBe('Must be an organization administrator');
      expect(errors.guest.msg).toBe('Not allowed for guest users');
      expect((await t.client('owner').invites.list()).invites).toEqual([]);
      expect([...t.store.all('emails')]).toEqual([]);

      // Some addresses have accounts: the others are invited, and the answer is still the error.
      const partial = await failure(
        member.invites.send({ invitee_emails: `fresh@example.com, ${t.accounts.guest.email}`, stream_ids: [general] }),
      );
      expect(partial).toMatchObject({
        code: 'INVITATION_FAILED',
        msg: "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
        extra: { errors: [[t.accounts.guest.email, 'Already has an account.', false]], sent_invitations: true },
      });
      expect((await t.client('owner').invites.list()).invites.map((invite) => invite.email)).toEqual([
        'fresh@example.com',
      ]);

      // Who may invite, and subscribe others to which channels.
      await setRealmGroup(t, 'can_add_subscribers_group', 'role:administrators');
      const engineering = await channelId(t, 'engineering');
      const subscribe = await failure(
        member.invites.send({ invitee_emails: 'y@example.com', stream_ids: [engineering] }),
      );
      expect(subscribe.msg).toBe('You do not have permission to subscribe other users to channels.');
      expect(await member.invites.send({ invitee_emails: 'y@example.com', stream_ids: [general] })).toEqual({});
      await setRealmGroup(t, 'can_invite_users_group', 'role:administrators');
      const insufficient = await failure(member.invites.send({ invitee_emails: 'z@example.com', stream_ids: [] }));
      expect(insufficient).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
      return { errors, partial, subscribe, insufficient };
    },
  ),

  scenario(
    'invites: reusable links need create_multiuse_invite_group; revoking one, twice, and someone else’s',
    async (t) => {
      const general = await channelId(t, 'general');
      const denied = await failure(t.client('member').invites.createLink({}));
      expect(denied.msg).toBe('Insufficient permission');
      const { invite_link } = await t
        .client('administrator')
        .invites.createLink({ invite_as: 600, stream_ids: [general], invite_expires_in_minutes: null });
      expect(invite_link).toMatch(/^http:\/\/teamchat\.test\/join\/[a-z0-9]{24}\/$/);
      await setRealmGroup(t, 'create_multiuse_invite_group', 'role:members');
      await t.client('member').invites.createLink({ invite_expires_in_minutes: 30 });
      const links = (await t.client('owner').invites.list()).invites;
      expect(
        links.map((invite) => [
          invite.id,
          invite.is_multiuse,
          invite.invited_as,
          invite.expiry_date === null,
          invite.link_url === undefined,
          invite.email,
        ]),
      ).toEqual([
        [1, true, 600, true, false, undefined],
        [2, true, 400, false, false, undefined],
      ]);
      expect((await t.client('member').invites.list()).invites.map((invite) => invite.id)).toEqual([2]);
      const errors = {
        othersLink: await failure(t.client('member').invites.revokeLink({ invite_id: 1 })),
        unknown: await failure(t.client('owner').invites.revokeLink({ invite_id: 99 })),
        guestRole: await failure(t.client('member').invites.createLink({ invite_as: 300 })),
      };
      expect(await t.client('administrator').invites.revokeLink({ invite_id: 2 })).toEqual({});
      const again = await failure(t.client('administrator').invites.revokeLink({ invite_id: 2 }));
      expect(errors.othersLink.msg).toBe('Must be an organization administrator');
      expect(errors.unknown.msg).toBe('No such invitation');
      expect(errors.guestRole.msg).toBe('Must be an organization administrator');
      expect(again.msg).toBe('Invitation has already been revoked');
      expect((await t.client('owner').invites.list()).invites.map((invite) => invite.id)).toEqual([1]);
      return { links, errors, again };
    },
  ),

  scenario(
    'invites: revoke and resend email invitations (the inviter, administrators, owners for owner invitations); expiry on the server clock',
    async (t) => {
      await t.client('member').invites.send({ invitee_emails: 'a@example.com', stream_ids: [] });
      await t.client('administrator').invites.send({ invitee_emails: 'b@example.com', stream_ids: [], invite_as: 300 });
      await t.client('owner').invites.send({ invitee_emails: 'c@example.com', stream_ids: [], invite_as: 100 });
      const [a, b, c] = [
        await inviteTo(t, 'a@example.com'),
        await inviteTo(t, 'b@example.com'),
        await inviteTo(t, 'c@example.com'),
      ];
      expect(await t.client('member').invites.resend({ invite_id: a })).toEqual({});
      expect(emailsTo(t, 'a@example.com').length).toBe(2);
      const links = emailsTo(t, 'a@example.com').map((email) => email.body.match(/https?:\/\/\S+/g)?.at(-1));
      expect(links[1]).toBe(links[0]);
      const errors = {
        othersRevoke: await failure(t.client('member').invites.revoke({ invite_id: b })),
        othersResend: await failure(t.client('moderator').invites.resend({ invite_id: a })),
        ownerInvite: await failure(t.client('administrator').invites.revoke({ invite_id: c })),
        unknown: await failure(t.client('owner').invites.revoke({ invite_id: 99 })),
        unknownResend: await failure(t.client('owner').invites.resend({ invite_id: 99 })),
      };
      expect(errors.othersRevoke).toMatchObject({ code: 'BAD_REQUEST', msg: 'Must be an organization administrator' });
      expect(errors.othersResend.msg).toBe('Must be an organization administrator');
      expect(errors.ownerInvite).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization owner',
      });
      expect(errors.unknown.msg).toBe('No such invitation');
      expect(errors.unknownResend.msg).toBe('No such invitation');
      const revokedLink = linkSentTo(t, 'a@example.com');
      expect(await t.client('administrator').invites.revoke({ invite_id: a })).toEqual({});
      expect(await t.client('owner').invites.revoke({ invite_id: c })).toEqual({});
      expect(pageMessage((await getPage(t, revokedLink)).html)).toBe(
        'Whoops. The confirmation link has expired or been deactivated.',
      );

      await t
        .client('owner')
        .invites.send({ invitee_emails: 'soon@example.com', stream_ids: [], invite_expires_in_minutes: 60 });
      await t
        .client('owner')
        .invites.send({ invitee_emails: 'never@example.com', stream_ids: [], invite_expires_in_minutes: null });
      const before = (await t.client('owner').invites.list()).invites.map((invite) => [
        invite.email,
        invite.expiry_date === null ? null : invite.expiry_date - invite.invited,
      ]);
      expect(before).toEqual([
        ['b@example.com', 864000],
        ['soon@example.com', 3600],
        ['never@example.com', null],
      ]);
      t.clock.advance(61 * 60 * 1000);
      const after = (await t.client('owner').invites.list()).invites.map((invite) => invite.email);
      expect(after).toEqual(['b@example.com', 'never@example.com']);
      const expired = await getPage(t, linkSentTo(t, 'soon@example.com'));
      expect(expired.status).toBe(400);
      return { errors, before, after };
    },
  ),

  scenario(
    'invites: the emailed link opens the sign-up page, which creates the account with the invited role, channels and groups',
    async (t) => {
      const engineering = await channelId(t, 'engineering');
      const support = [...t.store.all('user_groups')].find((group) => group.name === 'support')?.id ?? 0;
      await t.client('owner').invites.send({
        invitee_emails: 'newbie@example.com',
        stream_ids: [engineering],
        group_ids: [support],
        invite_as: 300,
        include_realm_default_subscriptions: true,
        welcome_message_custom_text: 'Read the **engineering** channel first.',
      });
      const link = linkSentTo(t, 'newbie@example.com');
      const form = await getPage(t, link);
      expect(form.status).toBe(200);
      expect(form.html).toContain('newbie@example.com');
      expect(form.html).toContain('as a moderator');
      const weak = await submitSignUp(t, link, { full_name: 'New Person', password: 'abc' });
      expect([weak.status, pageMessage(weak.html)]).toEqual([400, 'The password is too weak.']);
      const noName = await submitSignUp(t, link, { full_name: '', password: PASSWORD });
      expect(noName.status).toBe(400);
      const newbie = await signUpAndLogIn(t, link, { full_name: 'New Person' }, 'newbie@example.com');
      const me = await newbie.users.me();
      expect([me.full_name, me.role, me.email]).toEqual(['New Person', 300, 'newbie@example.com']);
      const channels = (await newbie.channels.listSubscriptions({})).subscriptions.map((sub) => sub.name).sort();
      expect(channels).toEqual(['engineering', 'general']);
      expect(t.store.get('user_groups', support)?.members).toContain(me.user_id);
      const welcome = await directMessages(newbie);
      expect(welcome.map((message) => message.sender)).toEqual(['Welcome Bot', 'Welcome Bot']);
      expect(welcome[1]?.content).toBe('Read the **engineering** channel first.');
      const referrer = (await directMessages(t.client('owner'))).at(-1);
      expect(referrer).toEqual({
        sender: 'Notification Bot',
        content: `@_**New Person|${me.user_id}** accepted your invitation to join Zulip!`,
      });
      const reused = await getPage(t, link);
      expect([reused.status, pageMessage(reused.html)]).toEqual([
        400,
        'Whoops. The confirmation link has expired or been deactivated.',
      ]);
      expect((await t.client('owner').invites.list()).invites).toEqual([]);
      expect(emailsTo(t, 'newbie@example.com').map((email) => email.template)).toEqual([
        'invitation',
        'account_registered',
      ]);
      return { me: { ...me, avatar_url: null }, channels, welcome, referrer };
    },
  ),

  scenario(
    'invites: a reusable link signs up several people with the organization’s Welcome Bot text; taken addresses and revoked links fail',
    async (t) => {
      await t.client('owner').realm.update({ welcome_message_custom_text: 'Say hi in #**general**.' });
      const { invite_link } = await t.client('owner').invites.createLink({ invite_as: 600 });
      const link = new URL(invite_link).pathname;
      const form = await getPage(t, link);
      expect(form.html).toContain('name="email"');
      const first = await signUpAndLogIn(
        t,
        link,
        { email: 'g1@example.com', full_name: 'Guest One' },
        'g1@example.com',
      );
      await signUpAndLogIn(t, link, { email: 'g2@example.com', full_name: 'Guest Two' }, 'g2@example.com');
      expect((await first.users.me()).role).toBe(600);
      const welcome = await directMessages(first);
      expect(welcome.at(-1)).toEqual({ sender: 'Welcome Bot', content: 'Say hi in #**general**.' });
      const taken = await submitSignUp(t, link, {
        email: t.accounts.member.email,
        full_name: 'Someone',
        password: PASSWORD,
      });
      const badAddress = await submitSignUp(t, link, { email: 'nope', full_name: 'Someone', password: PASSWORD });
      expect([taken.status, pageMessage(taken.html)]).toEqual([400, 'Already has an account.']);
      expect(pageMessage(badAddress.html)).toBe('Invalid address.');
      const id = (await t.client('owner').invites.list()).invites[0]?.id ?? 0;
      await t.client('owner').invites.revokeLink({ invite_id: id });
      const revoked = await submitSignUp(t, link, {
        email: 'g3@example.com',
        full_name: 'Guest Three',
        password: PASSWORD,
      });
      expect(pageMessage(revoked.html)).toBe('Whoops. The confirmation link has expired or been deactivated.');
      return { welcome, taken: taken.status, revoked: revoked.status };
    },
  ),

  scenario(
    'invites: POST /realm/test_welcome_bot_custom_message sends the acting administrator the Welcome Bot text',
    async (t) => {
      const { message_id } = await t
        .client('administrator')
        .realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: 'Welcome to **our** team!' });
      const { message } = await t.client('administrator').messages.get({ message_id, apply_markdown: false });
      expect([message.sender_full_name, message.content, message.type]).toEqual([
        'Welcome Bot',
        'Welcome to **our** team!',
        'private',
      ]);
      const errors = {
        empty: await failure(
          t.client('administrator').realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: '' }),
        ),
        member: await failure(
          t.client('member').realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: 'Hi' }),
        ),
        long: await failure(
          t.client('owner').realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: 'x'.repeat(8001) }),
        ),
      };
      expect(errors.empty.msg).toBe('Message must not be empty');
      expect(errors.member).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
      expect(errors.long.code).toBe('BAD_REQUEST');
      return { message_id, errors };
    },
  ),

  scenario('invites: permission matrix by role (own and others’ invitations)', async (t) => {
    const roles: DemoRole[] = ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot'];
    let n = 0;
    const emailInvite = async (by: DemoRole) => {
      n += 1;
      await t.client(by).invites.send({ invitee_emails: `m${n}@example.com`, stream_ids: [] });
      return inviteTo(t, `m${n}@example.com`);
    };
    const link = async () => {
      await t.client('administrator').invites.createLink({});
      return (await t.client('owner').invites.list()).invites.filter((invite) => invite.is_multiuse).at(-1)?.id ?? 0;
    };
    const rows: Record<string, (role: DemoRole) => Promise<unknown>> = {
      'GET /invites': (role) => t.client(role).invites.list(),
      'POST /invites': (role) =>
        t.client(role).invites.send({ invitee_emails: `p${(n += 1)}@example.com`, stream_ids: [] }),
      'POST /invites/multiuse': (role) => t.client(role).invites.createLink({}),
      "DELETE /invites/{id} (a member's)": async (role) =>
        t.client(role).invites.revoke({ invite_id: await emailInvite('member') }),
      "POST /invites/{id}/resend (a member's)": async (role) =>
        t.client(role).invites.resend({ invite_id: await emailInvite('member') }),
      "DELETE /invites/multiuse/{id} (an administrator's)": async (role) =>
        t.client(role).invites.revokeLink({ invite_id: await link() }),
    };
    const observed: Record<string, Record<string, string>> = {};
    for (const [row, call] of Object.entries(rows)) {
      observed[row] = {};
      for (const role of roles) (observed[row] as Record<string, string>)[role] = await verdict(call(role));
    }
    const allow = (...allowed: DemoRole[]) =>
      Object.fromEntries(roles.map((role) => [role, allowed.includes(role) ? 'allow' : 'deny']));
    const simplified = Object.fromEntries(
      Object.entries(observed).map(([row, verdicts]) => [
        row,
        Object.fromEntries(Object.entries(verdicts).map(([role, v]) => [role, v === 'allow' ? 'allow' : 'deny'])),
      ]),
    );
    expect(simplified).toEqual({
      'GET /invites': allow('owner', 'administrator', 'moderator', 'member'),
      'POST /invites': allow('owner', 'administrator', 'moderator', 'member'),
      'POST /invites/multiuse': allow('owner', 'administrator'),
      "DELETE /invites/{id} (a member's)": allow('owner', 'administrator', 'member'),
      "POST /invites/{id}/resend (a member's)": allow('owner', 'administrator', 'member'),
      "DELETE /invites/multiuse/{id} (an administrator's)": allow('owner', 'administrator'),
    });
    expect(observed['GET /invites']?.['guest']).toBe('deny: BAD_REQUEST Not allowed for guest users');
    expect(observed['GET /invites']?.['bot']).toBe('deny: BAD_REQUEST This endpoint does not accept bot requests.');
    expect(observed["DELETE /invites/{id} (a member's)"]?.['moderator']).toBe(
      'deny: BAD_REQUEST Must be an organization administrator',
    );
    return observed;
  }),
];
