import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** POST /dev_fetch_api_key, GET /dev_list_users and a development server's password policy (`teamchat-server --dev`). */
export const devModeScenarios: Scenario[] = [
  scenario('server: dev_fetch_api_key is refused on a production server', async (t) => {
    const refused = await failure(t.client(null).server.devFetchApiKey({ username: t.accounts.member.email }));
    expect(refused).toEqual({
      code: 'BAD_REQUEST',
      msg: 'Endpoint not available in production.',
      status: 400,
      extra: {},
    });
    const settings = await t.client(null).server.getSettings();
    expect(settings.authentication_methods['dev']).toBe(false);
    // The production password policy: six characters and 10 000 zxcvbn guesses.
    const weak = await failure(
      t.client('owner').users.create({ email: 'weak@teamchat.test', password: 'abcabc', full_name: 'Weak' }),
    );
    expect(weak.msg).toBe('The password is too weak.');
    // A rejected request changes nothing, counters included: the next account gets the next ID.
    const highest = Math.max(...[...t.store.all('users')].map((user) => user.id));
    const created = await t
      .client('owner')
      .users.create({ email: 'strong@teamchat.test', password: 'correct horse battery staple', full_name: 'Strong' });
    expect(created.user_id).toBe(highest + 1);
    return { refused, weak, created };
  }),

  scenario(
    'server: a development server gives any account its API key by email address',
    async (t) => {
      const anonymous = t.client(null);
      const member = await anonymous.server.devFetchApiKey({ username: t.accounts.member.email.toUpperCase() });
      expect(member).toEqual({
        api_key: t.accounts.member.apiKey,
        email: t.accounts.member.email,
        user_id: t.accounts.member.userId,
      });
      const invalid = await failure(anonymous.server.devFetchApiKey({ username: 'not an address' }));
      expect(invalid).toEqual({ code: 'BAD_REQUEST', msg: 'Enter a valid email address.', status: 400, extra: {} });
      const unknown = await failure(anonymous.server.devFetchApiKey({ username: 'nobody@teamchat.test' }));
      expect(unknown).toEqual({
        code: 'AUTHENTICATION_FAILED',
        msg: 'Your username or password is incorrect',
        status: 401,
        extra: {},
      });
      await t.client('owner').users.deactivate({ user_id: t.accounts.moderator.userId });
      const deactivated = await failure(anonymous.server.devFetchApiKey({ username: t.accounts.moderator.email }));
      expect(deactivated).toMatchObject({ code: 'USER_DEACTIVATED', status: 401 });
      expect((await anonymous.server.getSettings()).authentication_methods['dev']).toBe(true);
      // Any non-empty password will do on a development server.
      const created = await t
        .client('owner')
        .users.create({ email: 'dev@teamchat.test', password: 'a', full_name: 'Dev' });
      expect(created.user_id).toBeGreaterThan(0);
      return { member, invalid, unknown, deactivated };
    },
    { config: { devMode: true, passwordMinLength: 0, passwordMinGuesses: 0 } },
  ),

  scenario('server: dev_list_users is refused on a production server', async (t) => {
    const refused = await failure(t.client(null).server.devListUsers());
    expect(refused).toEqual({
      code: 'BAD_REQUEST',
      msg: 'Endpoint not available in production.',
      status: 400,
      extra: {},
    });
    const raw = await t.raw('GET', '/dev_list_users');
    expect(raw.status).toBe(400);
    return { refused, raw: raw.body };
  }),

  scenario(
    'server: a development server lists the accounts to log in as, administrators apart, and one logs in with dev_fetch_api_key',
    async (t) => {
      const anonymous = t.client(null);
      const listed = await anonymous.server.devListUsers();
      const emails = (list: readonly { email: string }[]) => list.map((user) => user.email);
      const { owner, administrator, moderator, member, guest, bot } = t.accounts;
      expect(emails(listed.direct_admins)).toEqual([administrator.email, owner.email].sort());
      expect(emails(listed.direct_users)).toEqual(expect.arrayContaining([moderator.email, member.email, guest.email]));
      expect(emails(listed.direct_users)).toEqual([...emails(listed.direct_users)].sort());
      expect([...emails(listed.direct_admins), ...emails(listed.direct_users)]).not.toContain(bot.email);
      const { realm_url: url } = await anonymous.server.getSettings();
      expect(listed.direct_users[0]).toEqual({ email: expect.any(String), realm_url: url, realm_uri: url });
      // The mobile apps' development login: pick an account from the list, fetch its key.
      const picked = await anonymous.server.devFetchApiKey({ username: member.email });
      expect((await t.clientFor(picked.email, picked.api_key).users.me()).user_id).toBe(member.userId);
      // Deactivated accounts are not offered; the accounts of a load test come last, ten at most.
      await t.client('owner').users.deactivate({ user_id: member.userId });
      for (let i = 10; i >= 0; i -= 1) {
        await t.client('owner').users.create({
          email: `extrauser${String(i).padStart(2, '0')}@teamchat.test`,
          password: 'a',
          full_name: `Extra ${i}`,
        });
      }
      const after = await anonymous.server.devListUsers();
      expect(emails(after.direct_users)).not.toContain(member.email);
      const extras = emails(after.direct_users).filter((email) => email.startsWith('extrauser'));
      expect(extras).toEqual(
        Array.from({ length: 10 }, (_, i) => `extrauser${String(i).padStart(2, '0')}@teamchat.test`),
      );
      expect(emails(after.direct_users).slice(-10)).toEqual(extras);
      return { listed, after };
    },
    { config: { devMode: true, passwordMinLength: 0, passwordMinGuesses: 0 } },
  ),
];
