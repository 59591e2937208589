import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** Server settings, API keys, authentication and the wire: what every call relies on. */
export const serverScenarios: Scenario[] = [
  scenario('server: server settings are public and report the feature level', async (t) => {
    const settings = await t.client(null).server.getSettings();
    expect(settings.zulip_feature_level).toBe(420);
    expect(settings.realm_url).toBe(settings.realm_uri);
    expect(settings.authentication_methods).toHaveProperty('ldap', false);
    return settings;
  }),

  scenario('server: fetch_api_key trades the password for the key, and refuses a wrong one', async (t) => {
    const anonymous = t.client(null);
    const member = t.accounts.member;
    const ok = await anonymous.server.fetchApiKey({ username: member.email, password: member.password ?? '' });
    expect(ok).toMatchObject({ api_key: member.apiKey, email: member.email, user_id: member.userId });
    const wrong = await failure(anonymous.server.fetchApiKey({ username: member.email, password: 'nope' }));
    expect(wrong).toMatchObject({ code: 'AUTHENTICATION_FAILED', status: 401 });
    const unknown = await failure(anonymous.server.fetchApiKey({ username: 'nobody@teamchat.example', password: 'x' }));
    expect(unknown.code).toBe('AUTHENTICATION_FAILED');
    return { ok, wrong, unknown };
  }),

  scenario('server: requests without or with wrong credentials get 401 UNAUTHORIZED', async (t) => {
    const none = await t.raw('GET', '/users/me');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Basic realm="zulip"');
    expect(none.body).toEqual({
      result: 'error',
      msg: 'Not logged in: API authentication or user session required',
      code: 'UNAUTHORIZED',
    });
    const wrongKey = await t.raw('GET', '/users/me', {
      auth: { email: t.accounts.member.email, apiKey: 'a'.repeat(32) },
    });
    const malformed = await t.raw('GET', '/users/me', { auth: { email: t.accounts.member.email, apiKey: 'short' } });
    const garbage = await t.raw('GET', '/users/me', { auth: 'Basic !!!' });
    const bearer = await t.raw('GET', '/users/me', { auth: 'Bearer abc' });
    expect(wrongKey.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Invalid API key' });
    expect(malformed.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Malformed API key' });
    expect(garbage.status).toBe(401);
    expect(bearer).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    return { none, wrongKey, malformed, garbage, bearer };
  }),

  scenario('server: unknown routes and methods get error envelopes', async (t) => {
    const unknown = await t.raw('GET', '/no_such_endpoint', { role: 'member' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    const method = await t.raw('PUT', '/users', { role: 'member' });
    expect(method.status).toBe(405);
    expect(method.body).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['GET', 'POST'] });
    return { unknown, method };
  }),

  scenario('server: parameters are decoded strictly and unknown ones are reported', async (t) => {
    const notBool = await t.raw('GET', '/users', { role: 'member', params: { include_custom_profile_fields: 'yes' } });
    expect(notBool).toMatchObject({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        msg: 'include_custom_profile_fields is not valid JSON',
        var_name: 'include_custom_profile_fields',
      },
    });
    const notInt = await t.raw('GET', '/users', { role: 'member', params: { user_ids: '["x"]' } });
    expect(notInt.body).toMatchObject({ msg: 'user_ids[0] is not an integer' });
    const ignored = await t.raw('GET', '/users', { role: 'member', params: { zebra: '1', apple: '2' } });
    expect(ignored.body).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['apple', 'zebra'] });
    const missing = await t.raw('POST', '/channels/create', { role: 'member', params: { name: 'x' } });
    expect(missing.body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'subscribers' argument",
      var_name: 'subscribers',
    });
    const queryOnPost = await t.raw('PATCH', '/settings?enter_sends=true', { role: 'member', body: '' });
    expect(queryOnPost.body).toMatchObject({ result: 'success' });
    return { notBool, notInt, ignored, missing, queryOnPost };
  }),
];
