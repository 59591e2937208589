import { describe, expect, it, vi } from 'vitest';
import {
  EMAIL,
  failure,
  fakeFetch,
  instantSleep,
  rejectionOf,
  SECRET_KEY,
  success,
  type Handler,
  type Reply,
} from '../../test/fake-fetch.js';
import { createClient } from '../client/create-client.js';
import type { RetryInfo, RetryOptions } from './retry-plugin.js';

function setup(handler: Handler, retry: RetryOptions | false = {}) {
  const fake = fakeFetch(handler);
  const { sleep, delays } = instantSleep();
  const retries: RetryInfo[] = [];
  const client = createClient({
    site: 'chat.example.com',
    email: EMAIL,
    apiKey: SECRET_KEY,
    fetch: fake.fetch,
    retry: retry === false ? false : { sleep, random: () => 0, onRetry: (info) => void retries.push(info), ...retry },
  });
  return { client, requests: fake.requests, delays, retries };
}

/** Answers with `replies` in order, then with success. */
function sequence(...replies: Reply[]): Handler {
  return (_request, index) => replies[index] ?? success({ members: [] });
}

const rateLimited = (
  extra: Record<string, unknown> = { 'retry-after': 28.7 },
  headers: Record<string, string> = {},
): Reply => ({
  status: 429,
  json: { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', ...extra },
  headers,
});
const serverError = failure(500, 'BAD_REQUEST', 'Internal server error');
const networkDown: Reply = { networkError: new TypeError('fetch failed') };

describe('retryPlugin', () => {
  it('waits for the retry-after of a RATE_LIMIT_HIT body, then retries', async () => {
    const { client, requests, delays, retries } = setup(sequence(rateLimited()));
    await expect(client.users.list()).resolves.toEqual({ members: [] });
    expect(requests).toHaveLength(2);
    expect(delays).toEqual([28_700]);
    expect(retries[0]).toMatchObject({ attempt: 1, delayMs: 28_700, endpoint: 'users.list' });
  });

  it('falls back to the Retry-After header when the body has no retry-after', async () => {
    const { client, delays } = setup(sequence(rateLimited({}, { 'Retry-After': '3' })));
    await client.users.list();
    expect(delays).toEqual([3_000]);
  });

  it('exposes the header value as extra retry-after when retries are off', async () => {
    const { client, requests } = setup(sequence(rateLimited({}, { 'Retry-After': '1.5' })), false);
    const error = await rejectionOf(client.users.list());
    expect(error).toMatchObject({ code: 'RATE_LIMIT_HIT', status: 429, extra: { 'retry-after': 1.5 } });
    expect(requests).toHaveLength(1);
  });

  it('fails at once when shouldRetry says no, and asks it before each retry', async () => {
    const refused: Reply = {
      networkError: new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
      }),
    };
    const asked: unknown[] = [];
    const shouldRetry = (info: { error: unknown; attempt: number }) => {
      asked.push(info.attempt);
      return (info.error as { code?: string }).code !== 'ECONNREFUSED';
    };
    const refusing = setup(sequence(refused, refused), { shouldRetry });
    await expect(refusing.client.users.list()).rejects.toMatchObject({ name: 'NetworkError', code: 'ECONNREFUSED' });
    expect(refusing.requests).toHaveLength(1);
    expect(asked).toEqual([1]);
    const down = setup(sequence(networkDown, networkDown), { shouldRetry });
    await expect(down.client.users.list()).resolves.toEqual({ members: [] });
    expect(down.requests).toHaveLength(3);
    expect(asked).toEqual([1, 1, 2]);
  });

  it('fails at once when retry-after is longer than maxRetryAfterMs', async () => {
    const { client, requests } = setup(sequence(rateLimited({ 'retry-after': 600 })), { maxRetryAfterMs: 60_000 });
    await expect(client.users.list()).rejects.toMatchObject({ code: 'RATE_LIMIT_HIT' });
    expect(requests).toHaveLength(1);
  });

  it('backs off exponentially after 5xx answers, with jitter between half and all of each step', async () => {
    const low = setup(sequence(serverError, serverError, serverError), { baseDelayMs: 100 });
    await low.client.users.list();
    expect(low.delays).toEqual([50, 100, 200]);
    const high = setup(sequence(serverError, serverError, serverError), { baseDelayMs: 100, random: () => 0.999999 });
    await high.client.users.list();
    expect(high.delays).toEqual([100, 200, 400]);
  });

  it('caps the backoff at maxDelayMs', async () => {
    const { client, delays } = setup(sequence(serverError, serverError, serverError, serverError), {
      maxAttempts: 5,
      baseDelayMs: 1_000,
      maxDelayMs: 2_000,
      random: () => 0.999999,
    });
    await client.users.list();
    expect(delays).toEqual([1_000, 2_000, 2_000, 2_000]);
  });

  it('retries an attempt that timed out', async () => {
    vi.useFakeTimers();
    try {
      const { client, requests, retries } = setup(sequence({ hang: true }));
      const pending = client.users.list({}, { timeoutMs: 1_000 });
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(pending).resolves.toEqual({ members: [] });
      expect(requests).toHaveLength(2);
      expect(retries[0]?.error).toMatchObject({ name: 'TimeoutError' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('retries network errors and proxy pages with a 5xx status', async () => {
    const { client, requests } = setup(sequence(networkDown, { status: 503, text: '<html>maintenance</html>' }));
    await expect(client.users.list()).resolves.toEqual({ members: [] });
    expect(requests).toHaveLength(3);
  });

  it('gives up after maxAttempts with the last error', async () => {
    const { client, requests, delays } = setup(() => serverError, { maxAttempts: 3 });
    await expect(client.users.list()).rejects.toMatchObject({ name: 'ApiError', status: 500 });
    expect(requests).toHaveLength(3);
    expect(delays).toHaveLength(2);
  });

  it('does not retry 4xx errors', async () => {
    const { client, requests } = setup(() => failure(400, 'BAD_REQUEST', 'Invalid message(s)'));
    await expect(client.messages.get({ message_id: 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(requests).toHaveLength(1);
  });

  it('retries only the configured methods after network errors, but any method after a rate limit', async () => {
    const network = setup(() => networkDown, { methods: ['GET'] });
    await expect(network.client.channels.create({ name: 'x', subscribers: [] })).rejects.toMatchObject({
      name: 'NetworkError',
    });
    expect(network.requests).toHaveLength(1);
    const limited = setup(sequence(rateLimited()), { methods: ['GET'] });
    await limited.client.channels.create({ name: 'x', subscribers: [] });
    expect(limited.requests).toHaveLength(2);
  });

  it('does not retry at all with retry: false', async () => {
    const { client, requests } = setup(() => serverError, false);
    await expect(client.users.list()).rejects.toMatchObject({ status: 500 });
    expect(requests).toHaveLength(1);
  });

  it('numbers the attempts in the request details', async () => {
    const attempts: number[] = [];
    const fake = fakeFetch(sequence(serverError));
    const client = createClient({
      site: 'chat.example.com',
      fetch: fake.fetch,
      retry: { sleep: instantSleep().sleep },
      hooks: { beforeRequest: (request) => void attempts.push(request.attempt) },
    });
    await client.users.list();
    expect(attempts).toEqual([1, 2]);
  });

  it('stops waiting when the signal aborts and rejects with the abort reason', async () => {
    const controller = new AbortController();
    const fake = fakeFetch(() => serverError);
    const client = createClient({
      site: 'chat.example.com',
      fetch: fake.fetch,
      retry: {
        sleep: (_ms, signal) =>
          new Promise((_resolve, reject) => {
            signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
            controller.abort('user left');
          }),
      },
    });
    await expect(client.users.list({}, { signal: controller.signal })).rejects.toBe('user left');
    expect(fake.requests).toHaveLength(1);
  });

  it("waits with the client's sleep option (a mock clock's), unless retry.sleep is given", async () => {
    const waits: string[] = [];
    const clientSleep = async (ms: number) => void waits.push(`client ${ms}`);
    const fake = fakeFetch(sequence(rateLimited({ 'retry-after': 2 }), rateLimited({ 'retry-after': 3 })));
    const client = createClient({ site: 'chat.example.com', fetch: fake.fetch, sleep: clientSleep });
    await expect(client.users.list()).resolves.toEqual({ members: [] });
    expect(waits).toEqual(['client 2000', 'client 3000']);
    const own = createClient({
      site: 'chat.example.com',
      fetch: fakeFetch(sequence(rateLimited({ 'retry-after': 1 }))).fetch,
      sleep: clientSleep,
      retry: { sleep: async (ms) => void waits.push(`retry ${ms}`) },
    });
    await own.users.list();
    expect(waits.at(-1)).toBe('retry 1000');
  });
});
