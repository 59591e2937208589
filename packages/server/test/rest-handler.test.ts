import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryServer, type MemoryServer } from '../src/memory.js';
import { call } from './helpers/rest-client.js';

let server: MemoryServer;
const owner = () => server.accounts.find((a) => a.role === 'owner')!;

beforeAll(async () => {
  server = await createMemoryServer({ seed: 1 });
});

describe('REST handler', () => {
  it('serves GET /server_settings without credentials', async () => {
    const { status, body } = await call(server.handler, 'GET', '/server_settings');
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: 'success', msg: '', zulip_feature_level: 420, realm_name: 'Teamchat Demo' });
  });

  it('answers 401 UNAUTHORIZED with WWW-Authenticate without credentials', async () => {
    const { status, body, headers } = await call(server.handler, 'GET', '/users/me');
    expect(status).toBe(401);
    expect(body).toEqual({
      result: 'error',
      msg: 'Not logged in: API authentication or user session required',
      code: 'UNAUTHORIZED',
    });
    expect(headers.get('www-authenticate')).toBe('Basic realm="zulip"');
  });

  it('lists users for an authenticated caller', async () => {
    const { status, body } = await call(server.handler, 'GET', '/users', {
      auth: { email: owner().email, apiKey: owner().apiKey },
    });
    expect(status).toBe(200);
    expect((body['members'] as unknown[]).length).toBe(6);
  });

  it('keeps accepting a header after the account changes its own settings, and stops at deactivation and a new key', async () => {
    const as = (role: string) => {
      const account = server.accounts.find((a) => a.role === role)!;
      return { auth: { email: account.email, apiKey: account.apiKey } };
    };
    const member = server.accounts.find((a) => a.role === 'member')!;
    const bot = server.accounts.find((a) => a.role === 'bot')!;
    expect((await call(server.handler, 'GET', '/users/me', as('member'))).status).toBe(200);
    // Each change replaces the account's record; the header verified before still verifies.
    for (const value of ['true', 'false']) {
      expect(
        (await call(server.handler, 'PATCH', '/settings', { ...as('member'), params: { enter_sends: value } })).status,
      ).toBe(200);
      expect((await call(server.handler, 'GET', '/users/me', as('member'))).body['user_id']).toBe(member.userId);
    }
    expect((await call(server.handler, 'DELETE', `/users/${member.userId}`, as('owner'))).status).toBe(200);
    expect((await call(server.handler, 'GET', '/users/me', as('member'))).body).toMatchObject({
      code: 'UNAUTHORIZED',
      msg: 'Account is deactivated',
    });
    expect((await call(server.handler, 'POST', `/users/${member.userId}/reactivate`, as('owner'))).status).toBe(200);
    expect((await call(server.handler, 'GET', '/users/me', as('member'))).status).toBe(200);

    expect((await call(server.handler, 'GET', '/users/me', as('bot'))).status).toBe(200);
    expect((await call(server.handler, 'POST', `/bots/${bot.userId}/api_key/regenerate`, as('owner'))).status).toBe(
      200,
    );
    expect((await call(server.handler, 'GET', '/users/me', as('bot'))).body).toMatchObject({
      code: 'UNAUTHORIZED',
      msg: 'Invalid API key',
    });
  });

  it('reports unknown parameters in ignored_parameters_unsupported', async () => {
    const { body } = await call(server.handler, 'GET', '/users', {
      auth: { email: owner().email, apiKey: owner().apiKey },
      params: { zzz: '1', aaa: '2' },
    });
    expect(body['ignored_parameters_unsupported']).toEqual(['aaa', 'zzz']);
  });

  it('names a bad parameter', async () => {
    const { status, body } = await call(server.handler, 'GET', '/users', {
      auth: { email: owner().email, apiKey: owner().apiKey },
      params: { client_gravatar: 'yes' },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'BAD_REQUEST', msg: 'client_extavatar is not valid JSON' });
  });

  it('creates a channel and lists it', async () => {
    const auth = { email: owner().email, apiKey: owner().apiKey };
    const created = await call(server.handler, 'POST', '/channels/create', {
      auth,
      params: { name: 'design', subscribers: JSON.stringify([owner().userId]) },
    });
    expect(created.status).toBe(200);
    const { body } = await call(server.handler, 'GET', '/streams', { auth });
    expect((body['streams'] as { name: string }[]).map((s) => s.name)).toContain('design');
  });
});
