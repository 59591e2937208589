import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL, fakeFetch, rejectionOf, SECRET_KEY, success } from '../../test/fake-fetch.js';
import { createClient } from '../client/create-client.js';
import type { ClientOptions } from '../client/client-options.js';
import { isIgnoredParametersError } from '../errors/ignored-parameters-error.js';

const ignoring = () => success({ members: [], ignored_parameters_unsupported: ['colour', 'shape'] });

function setup(options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(ignoring);
  const client = createClient({
    site: 'chat.example.com',
    email: EMAIL,
    apiKey: SECRET_KEY,
    fetch: fake.fetch,
    retry: false,
    ...options,
  });
  return { client, requests: fake.requests };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ignored_parameters_unsupported', () => {
  it('warns on the console by default, naming the request and the parameters', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client } = setup();
    await client.users.list();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /GET \/users: the server ignored unsupported parameters colour, shape/,
    );
  });

  it('calls onIgnoredParameters with the names and the redacted request instead', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls: unknown[][] = [];
    const { client } = setup({ hooks: { onIgnoredParameters: (...args) => void calls.push(args) } });
    const result = await client.users.list();
    expect(result.members).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toEqual(['colour', 'shape']);
    expect(calls[0]?.[1]).toMatchObject({
      endpoint: 'users.list',
      method: 'GET',
      path: '/users',
      headers: { Authorization: 'Basic [REDACTED]' },
    });
    expect(JSON.stringify(calls)).not.toContain(SECRET_KEY);
    expect(warn).not.toHaveBeenCalled();
  });

  it('throws IgnoredParametersError with the processed result in strict mode', async () => {
    const { client } = setup({ strictParameters: true });
    const error = await rejectionOf(client.users.list());
    expect(isIgnoredParametersError(error)).toBe(true);
    expect(error).toMatchObject({ names: ['colour', 'shape'], sent: true, result: { members: [] } });
    expect((error as Error).message).toMatch(/the request itself was processed/);
  });

  it('refuses parameters the contract does not know before sending in strict mode', async () => {
    const { client, requests } = setup({ strictParameters: true });
    const error = await rejectionOf(client.request('users.list', { colour: 'red' } as never));
    expect(error).toMatchObject({ name: 'IgnoredParametersError', names: ['colour'], sent: false });
    expect((error as Error).message).toMatch(
      /GET \/users: users\.list has no parameters colour; the request was not sent/,
    );
    expect(requests).toHaveLength(0);
  });

  it('accepts the wire aliases of a contract in strict mode', async () => {
    const fake = fakeFetch(() => success({ members: [] }));
    const client = createClient({ site: 'chat.example.com', fetch: fake.fetch, strictParameters: true });
    await client.request('users.list', { client_gravatar: false } as never);
    expect(fake.requests[0]?.url.searchParams.get('client_gravatar')).toBe('false');
  });

  it('counts only own names as known in strict mode: constructor is not a parameter', async () => {
    const { client, requests } = setup({ strictParameters: true });
    const error = await rejectionOf(client.request('users.list', { constructor: 1 } as never));
    expect(error).toMatchObject({ name: 'IgnoredParametersError', names: ['constructor'], sent: false });
    expect(requests).toHaveLength(0);
  });

  it('does not count parameters whose value is undefined in strict mode: they are not sent', async () => {
    const fake = fakeFetch(() => success({ members: [] }));
    const client = createClient({ site: 'chat.example.com', fetch: fake.fetch, strictParameters: true });
    await client.request('users.list', { colour: undefined } as never);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports unknown parameters even when a path parameter is missing, naming the route template', async () => {
    const { client } = setup({ strictParameters: true });
    const error = await rejectionOf(client.request('messages.get', { colour: 'red' } as never));
    expect(error).toMatchObject({
      name: 'IgnoredParametersError',
      names: ['colour'],
      request: { method: 'GET', path: '/messages/{message_id}' },
    });
  });

  it('redacts secrets in the processed result of a strict-mode error (fetchApiKey answers an API key)', async () => {
    const fake = fakeFetch(() =>
      success({ api_key: SECRET_KEY, email: EMAIL, user_id: 5, ignored_parameters_unsupported: ['otp'] }),
    );
    const client = createClient({ site: 'chat.example.com', fetch: fake.fetch, retry: false, strictParameters: true });
    const error = await rejectionOf(client.server.fetchApiKey({ username: EMAIL, password: 'hunter2-hunter2' }));
    expect(error).toMatchObject({
      name: 'IgnoredParametersError',
      sent: true,
      result: { api_key: '[REDACTED]', user_id: 5 },
    });
    expect(JSON.stringify((error as { result: unknown }).result)).not.toContain(SECRET_KEY);
  });
});
