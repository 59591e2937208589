import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../client/create-client.js';
import type { RequestInfo } from './request-info.js';
import { csrfTokenFromCookie } from './browser-session.js';

/** A session client whose fetch records the URL and init of each call. */
function setup(csrfToken?: () => string | undefined) {
  const sent: { url: string; init: RequestInit }[] = [];
  const logged: RequestInfo[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    sent.push({ url: String(input), init });
    return Response.json({ result: 'success', msg: '', members: [], id: 7 });
  };
  const client = createClient({
    site: 'http://127.0.0.1:9991/',
    session: csrfToken ? { csrfToken } : true,
    fetch,
    retry: false,
    hooks: { beforeRequest: (request) => void logged.push(request) },
  });
  return { client, sent, logged };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('browser-session mode', () => {
  it('calls /json with the cookie and no Authorization, and sends X-CSRFToken on POST only', async () => {
    const { client, sent } = setup(() => 'token-123');
    expect(client.baseUrl).toBe('http://127.0.0.1:9991/json');
    await client.users.list();
    await client.messages.send({ type: 'stream', to: 'general', topic: 't', content: 'hi' });
    expect(sent.map((s) => s.url.replace(/\?.*/, ''))).toEqual([
      'http://127.0.0.1:9991/json/users',
      'http://127.0.0.1:9991/json/messages',
    ]);
    for (const { init } of sent) {
      expect(init.credentials).toBe('same-origin');
      expect(new Headers(init.headers).has('authorization')).toBe(false);
    }
    expect(new Headers(sent[0]?.init.headers).has('x-csrftoken')).toBe(false);
    expect(new Headers(sent[1]?.init.headers).get('x-csrftoken')).toBe('token-123');
  });

  it('reads the token from the csrftoken cookie at each request, and hooks never see it', async () => {
    const document = { cookie: 'theme=dark; csrftoken=first' };
    vi.stubGlobal('document', document);
    const { client, sent, logged } = setup();
    await client.messages.send({ type: 'stream', to: 'general', topic: 't', content: 'hi' });
    document.cookie = 'csrftoken=second%3D; theme=dark';
    await client.messages.send({ type: 'stream', to: 'general', topic: 't', content: 'hi' });
    expect(sent.map((s) => new Headers(s.init.headers).get('x-csrftoken'))).toEqual(['first', 'second=']);
    expect(logged.map((request) => request.headers['X-CSRFToken'])).toEqual(['[REDACTED]', '[REDACTED]']);
  });

  it('refuses an API key with a session', () => {
    expect(() =>
      createClient({ site: 'http://127.0.0.1:9991', session: true, email: 'a@b.c', apiKey: 'k'.repeat(32) }),
    ).toThrow(/session.*cookie/);
  });

  it('finds no token outside a browser', () => {
    expect(csrfTokenFromCookie()).toBeUndefined();
  });
});
