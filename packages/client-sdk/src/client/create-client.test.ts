import { ApiError, endpointList, isApiError } from '@teamchat/schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL, failure, fakeFetch, rejectionOf, SECRET_KEY, success, type Handler } from '../../test/fake-fetch.js';
import { isNetworkError } from '../errors/network-error.js';
import { isResponseValidationError } from '../errors/response-validation-error.js';
import { isTimeoutError } from '../errors/timeout-error.js';
import { createClient } from './create-client.js';
import type { ClientOptions } from './client-options.js';

function setup(handler: Handler = () => success(), options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(handler);
  const client = createClient({
    site: 'https://chat.example.com',
    email: EMAIL,
    apiKey: SECRET_KEY,
    fetch: fake.fetch,
    retry: false,
    ...options,
  });
  return { client, requests: fake.requests };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createClient', () => {
  it('makes no request until a method is called', () => {
    const { requests } = setup();
    expect(requests).toHaveLength(0);
  });

  it('sends GET parameters in the query string with the wire encoding', async () => {
    const { client, requests } = setup(() => success({ members: [] }));
    await client.users.list({ user_ids: [1, 2], include_custom_profile_fields: true });
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(`${request?.url.origin}${request?.url.pathname}`).toBe('https://chat.example.com/api/v1/users');
    expect(request?.url.searchParams.get('user_ids')).toBe('[1,2]');
    expect(request?.url.searchParams.get('include_custom_profile_fields')).toBe('true');
    expect(request?.body).toBeUndefined();
  });

  it('fills path parameters and keeps the rest in the query', async () => {
    const { client, requests } = setup(() => success({ message: {}, raw_content: '' }));
    await client.messages.get({ message_id: 42, apply_markdown: false });
    expect(requests[0]?.url.pathname).toBe('/api/v1/messages/42');
    expect(requests[0]?.url.search).toBe('?apply_markdown=false');
  });

  it('sends POST, PATCH and DELETE parameters as a form body', async () => {
    const { client, requests } = setup(() => success({ id: 9 }));
    await client.channels.create({ name: 'design', subscribers: [3, 4], invite_only: true });
    await client.settings.update({ full_name: 'Ada Lovelace' });
    await client.events.deleteQueue({ queue_id: 'q1' });
    expect(requests.map((r) => [r.method, r.path, r.url.search])).toEqual([
      ['POST', '/channels/create', ''],
      ['PATCH', '/settings', ''],
      ['DELETE', '/events', ''],
    ]);
    for (const request of requests)
      expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(requests[0]?.params ?? [])).toEqual({
      name: 'design',
      subscribers: '[3,4]',
      invite_only: 'true',
    });
    expect(requests[1]?.params.get('full_name')).toBe('Ada Lovelace');
    expect(requests[2]?.params.get('queue_id')).toBe('q1');
  });

  it('authenticates with HTTP Basic auth of the UTF-8 email and key', async () => {
    const { client, requests } = setup(() => success({ members: [] }), { email: 'jöhn@example.com' });
    await client.users.list();
    const header = requests[0]?.headers.get('authorization') ?? '';
    expect(header.startsWith('Basic ')).toBe(true);
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(header.slice(6)), (c) => c.charCodeAt(0)));
    expect(decoded).toBe(`jöhn@example.com:${SECRET_KEY}`);
  });

  it('sends a User-Agent, the default one or the configured one', async () => {
    const first = setup(() => success({ members: [] }));
    await first.client.users.list();
    expect(first.requests[0]?.headers.get('user-agent')).toMatch(/^TeamchatSDK\/\d/);
    const second = setup(() => success({ members: [] }), { userAgent: 'WelcomeBot/1.0' });
    await second.client.users.list();
    expect(second.requests[0]?.headers.get('user-agent')).toBe('WelcomeBot/1.0');
  });

  it('normalises the site like the Python client', async () => {
    const { client, requests } = setup(() => success({ members: [] }), { site: 'localhost:9991/api/v1/' });
    expect(client.baseUrl).toBe('http://localhost:9991/api/v1');
    await client.users.list();
    expect(requests[0]?.url.href).toBe('http://localhost:9991/api/v1/users');
  });

  it('sends no Authorization header for an anonymous client', async () => {
    const fake = fakeFetch(() => success({ members: [] }));
    const client = createClient({ site: 'chat.example.com', fetch: fake.fetch });
    await client.users.list();
    expect(fake.requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('refuses an email without an API key', () => {
    expect(() => createClient({ site: 'chat.example.com', email: EMAIL })).toThrow(/pass both email and apiKey/);
  });

  it('returns the success fields without result and msg', async () => {
    const { client } = setup(() => success({ members: [{ user_id: 1 }], extra_field: true }));
    await expect(client.users.list()).resolves.toEqual({ members: [{ user_id: 1 }], extra_field: true });
  });

  it('calls any contract by name or by contract object through request()', async () => {
    const { client, requests } = setup(() => success({ zulip_feature_level: 420 }));
    await client.request('server.getSettings');
    const contract = endpointList.find((endpoint) => endpoint.name === 'users.me');
    if (!contract) throw new Error('users.me is missing from the table');
    await client.request(contract);
    expect(requests.map((r) => r.path)).toEqual(['/server_settings', '/users/me']);
  });

  it('has one method per callable contract and none for outgoing ones', () => {
    const { client } = setup();
    const namespaces = client as unknown as Record<string, Record<string, unknown>>;
    for (const endpoint of endpointList) {
      const [area = '', method = ''] = endpoint.name.split(/\.(.*)/s);
      const outgoing = (endpoint as { direction?: string }).direction === 'outgoing';
      expect(typeof namespaces[area]?.[method], endpoint.name).toBe(outgoing ? 'undefined' : 'function');
    }
  });

  it('rejects unknown and outgoing endpoint names in request()', async () => {
    const { client, requests } = setup();
    const untyped = client.request as (name: string) => Promise<unknown>;
    await expect(untyped('nope.nothing')).rejects.toThrow(/Unknown endpoint 'nope.nothing'/);
    const outgoing = endpointList.find((endpoint) => (endpoint as { direction?: string }).direction === 'outgoing');
    if (outgoing) await expect(untyped(outgoing.name)).rejects.toThrow(/cannot be called/);
    expect(requests).toHaveLength(0);
  });
});

describe('createClient errors', () => {
  it('throws ApiError with code, msg, status and extra fields for an error envelope', async () => {
    const { client } = setup(() => failure(400, 'BAD_REQUEST', 'Invalid message(s)'));
    const error = await rejectionOf(client.messages.get({ message_id: 42 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message(s)', status: 400 });
    expect((error as Error).message).toBe('GET /messages/42 failed with BAD_REQUEST: Invalid message(s)');
  });

  it('keeps extra envelope fields such as var_name', async () => {
    const { client } = setup(() =>
      failure(400, 'REQUEST_VARIABLE_MISSING', "Missing 'name' argument", { var_name: 'name' }),
    );
    const error = await rejectionOf(client.channels.create({ name: '', subscribers: [] }));
    expect(error).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', extra: { var_name: 'name' } });
  });

  it('reads an error envelope without code as BAD_REQUEST with the real status', async () => {
    const { client } = setup(() => ({
      status: 405,
      json: { result: 'error', msg: 'Method Not Allowed', allowed_methods: ['GET'] },
    }));
    const error = await rejectionOf(client.users.list());
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 405, extra: { allowed_methods: ['GET'] } });
  });

  it('reads a 5xx error envelope without code (a server crash) as INTERNAL_SERVER_ERROR, not BAD_REQUEST', async () => {
    const { client } = setup(() => ({ status: 500, json: { result: 'error', msg: 'Internal server error' } }));
    const error = await rejectionOf(client.users.list());
    expect(error).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 500, msg: 'Internal server error' });
    expect((error as Error).message).toBe('GET /users failed with INTERNAL_SERVER_ERROR: Internal server error');
  });

  it('throws ResponseValidationError for a body that is not JSON', async () => {
    const { client } = setup(() => ({ status: 502, text: '<html>Bad gateway</html>' }));
    const error = await rejectionOf(client.users.list());
    expect(isResponseValidationError(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'invalid-json', status: 502, bodySnippet: '<html>Bad gateway</html>' });
    expect((error as Error).message).toContain('GET /users (HTTP 502)');
  });

  it('throws ResponseValidationError for JSON that is not an envelope', async () => {
    const { client } = setup(() => ({ json: { hello: 'world' } }));
    const error = await rejectionOf(client.users.list());
    expect(error).toMatchObject({ name: 'ResponseValidationError', reason: 'invalid-envelope', status: 200 });
  });

  it('wraps a fetch failure in NetworkError naming the request', async () => {
    const cause = new TypeError('fetch failed');
    const { client } = setup(() => ({ networkError: cause }));
    const error = await rejectionOf(client.users.list());
    expect(isNetworkError(error)).toBe(true);
    expect((error as Error).cause).toBe(cause);
    expect((error as Error).message).toMatch(
      /^\[teamchat-sdk\] GET \/users failed: could not reach https:\/\/chat\.example\.com \(fetch failed\)/,
    );
  });

  it('throws TimeoutError when an attempt exceeds timeoutMs', async () => {
    vi.useFakeTimers();
    const { client } = setup(() => ({ hang: true }), { timeoutMs: 5_000 });
    const pending = rejectionOf(client.users.list());
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await pending;
    expect(isTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({ timeoutMs: 5_000, request: { attempt: 1, path: '/users' } });
  });

  it('lets a call override the timeout, or turn it off', async () => {
    vi.useFakeTimers();
    const { client } = setup(() => ({ hang: true }), { timeoutMs: 5_000 });
    const short = rejectionOf(client.users.list({}, { timeoutMs: 100 }));
    await vi.advanceTimersByTimeAsync(100);
    expect(await short).toMatchObject({ name: 'TimeoutError', timeoutMs: 100 });
    const controller = new AbortController();
    const none = rejectionOf(client.users.list({}, { timeoutMs: false, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(3_600_000);
    controller.abort(new Error('stopped by test'));
    expect(await none).toMatchObject({ message: 'stopped by test' });
  });

  it('rejects with the abort reason, without a request, when the signal is already aborted', async () => {
    const { client, requests } = setup();
    const reason = new Error('user cancelled');
    const error = await rejectionOf(client.users.list({}, { signal: AbortSignal.abort(reason) }));
    expect(error).toBe(reason);
    expect(requests).toHaveLength(0);
  });

  it('rejects with the abort reason when the signal aborts mid-request', async () => {
    const controller = new AbortController();
    const { client } = setup(() => {
      queueMicrotask(() => controller.abort('shutting down'));
      return { hang: true };
    });
    await expect(client.users.list({}, { signal: controller.signal })).rejects.toBe('shutting down');
  });
});

describe('client.featureLevel', () => {
  it('fetches GET /server_settings once, lazily, and caches the level', async () => {
    const { client, requests } = setup(() => success({ zulip_feature_level: 420, zulip_version: '11.0' }));
    expect(requests).toHaveLength(0);
    await expect(client.featureLevel()).resolves.toBe(420);
    await expect(client.featureLevel()).resolves.toBe(420);
    expect(requests.map((r) => r.path)).toEqual(['/server_settings']);
  });

  it('does not cache a failure', async () => {
    const { client, requests } = setup((_request, index) =>
      index === 0 ? failure(500, 'BAD_REQUEST', 'Internal server error') : success({ zulip_feature_level: 300 }),
    );
    await expect(client.featureLevel()).rejects.toMatchObject({ status: 500 });
    await expect(client.featureLevel()).resolves.toBe(300);
    expect(requests).toHaveLength(2);
  });

  it('counts a server without zulip_feature_level as level 0', async () => {
    const { client } = setup(() => success({ zulip_version: '2.1' }));
    await expect(client.featureLevel()).resolves.toBe(0);
  });
});

describe('createClient hooks and redaction', () => {
  it('passes redacted request and response details to beforeRequest and afterResponse', async () => {
    const seen: unknown[] = [];
    const { client } = setup(() => success({ api_key: 'OtherUsersKey0000000000000000000', email: EMAIL, user_id: 5 }), {
      hooks: {
        beforeRequest: (request) => void seen.push(request),
        afterResponse: (response) => void seen.push(response),
      },
    });
    await client.server.fetchApiKey({ username: EMAIL, password: 'hunter2' });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({
      endpoint: 'server.fetchApiKey',
      method: 'POST',
      path: '/fetch_api_key',
      url: 'https://chat.example.com/api/v1/fetch_api_key',
      headers: { Authorization: 'Basic [REDACTED]' },
      body: 'username=bot%40example.com&password=%5BREDACTED%5D',
      attempt: 1,
    });
    expect(seen[1]).toMatchObject({ status: 200, body: { result: 'success', api_key: '[REDACTED]', user_id: 5 } });
    const text = JSON.stringify(seen);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('OtherUsersKey');
  });

  it('never puts the API key or the Authorization value into errors or hook payloads', async () => {
    const token = btoa(`${EMAIL}:${SECRET_KEY}`);
    const payloads: unknown[] = [];
    const replies = [
      failure(400, 'BAD_REQUEST', `Invalid API key ${SECRET_KEY}`),
      { networkError: new TypeError(`fetch failed for ${SECRET_KEY}`) },
      { status: 502, text: `<p>${SECRET_KEY}</p>` },
    ] as const;
    const { client } = setup((_request, index) => replies[index] ?? success(), {
      hooks: { beforeRequest: (r) => void payloads.push(r), afterResponse: (r) => void payloads.push(r) },
    });
    const errors = [
      await rejectionOf(client.users.list({ user_ids: [1] })),
      await rejectionOf(client.request('users.list', { key: SECRET_KEY } as never)),
      await rejectionOf(client.users.list()),
    ];
    for (const error of errors) {
      const err = error as Error & { request?: unknown; msg?: unknown };
      const exposed = [err.message, JSON.stringify(err.request ?? null), JSON.stringify(payloads)].join('\n');
      expect(exposed).not.toContain(SECRET_KEY);
      expect(exposed).not.toContain(token);
    }
    expect(JSON.stringify(payloads)).toContain('[REDACTED]');
  });
});
