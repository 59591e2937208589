import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  badQueue,
  failure,
  fakeFetch,
  instantSleep,
  rejectionOf,
  success,
  type RecordedRequest,
  type Reply,
} from '../../../test/fake-fetch.js';
import { createClient } from '../../client/create-client.js';
import { applyEvent } from './apply-event.js';
import {
  watchEvents,
  type RegisterReason,
  type RegisterState,
  type WatchedEvent,
  type WatchEventsOptions,
} from './watch-events.js';

interface Script {
  /** `[queue_id, last_event_id]` of each registration, in order. */
  queues: [string | null, number][];
  /** Replies to GET /events, in order; `'stop'` aborts the watcher while that poll is pending. */
  polls: (Reply | 'stop')[];
}

function eventServer(script: Script, options: Omit<WatchEventsOptions, 'signal'> = {}) {
  const controller = new AbortController();
  let registrations = 0;
  let polls = 0;
  const fake = fakeFetch((request) => {
    if (request.path === '/register') {
      const [queue_id, last_event_id] = script.queues[registrations++] ?? ['unexpected', 0];
      return success({
        queue_id,
        last_event_id,
        zulip_feature_level: 420,
        zulip_version: '11.0',
        zulip_merge_base: '',
      });
    }
    if (request.path === '/events' && request.method === 'GET') {
      const reply = script.polls[polls++] ?? 'stop';
      if (reply !== 'stop') return reply;
      queueMicrotask(() => controller.abort());
      return { hang: true };
    }
    return success();
  });
  const client = createClient({
    site: 'chat.example.com',
    email: 'bot@example.com',
    apiKey: 'k',
    fetch: fake.fetch,
    retry: false,
  });
  const { sleep, delays } = instantSleep();
  const registered: [string | null, RegisterReason][] = [];
  const watch = watchEvents(client, {
    signal: controller.signal,
    backoff: { sleep, random: () => 0 },
    onRegister: (state, info) => void registered.push([state.queue_id, info]),
    ...options,
  });
  return { watch, controller, requests: fake.requests, delays, registered };
}

async function collect(watch: AsyncIterable<WatchedEvent>): Promise<WatchedEvent[]> {
  const events: WatchedEvent[] = [];
  for await (const event of watch) events.push(event);
  return events;
}

const polls = (requests: RecordedRequest[]) =>
  requests
    .filter((r) => r.path === '/events' && r.method === 'GET')
    .map((r) => [r.params.get('queue_id'), r.params.get('last_event_id')]);
const deletions = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path === '/events' && r.method === 'DELETE').map((r) => r.params.get('queue_id'));
const events = (...list: Record<string, unknown>[]): Reply => success({ events: list, queue_id: 'ignored' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('watchEvents', () => {
  it('registers, long-polls from last_event_id and yields every event but heartbeats', async () => {
    const { watch, requests, delays, registered } = eventServer({
      queues: [['q1', -1]],
      polls: [
        events({ type: 'heartbeat', id: 0 }),
        events(
          { type: 'message', id: 1, message: { id: 50 } },
          { type: 'heartbeat', id: 2 },
          { type: 'typing', id: 3 },
        ),
      ],
    });
    const received = await collect(watch);
    expect(received).toEqual([
      { type: 'message', id: 1, message: { id: 50 } },
      { type: 'typing', id: 3 },
    ]);
    expect(polls(requests)).toEqual([
      ['q1', '-1'],
      ['q1', '0'],
      ['q1', '3'],
    ]);
    expect(registered).toEqual([['q1', { reason: 'initial' }]]);
    // A successful poll is followed at once by the next one.
    expect(delays).toEqual([]);
  });

  it('yields the events of a newer server too (types and ops it does not know), which applyEvent leaves alone', async () => {
    const future = { type: 'hologram', id: 1, depth: 3 };
    const newOp = { type: 'stream', op: 'split', id: 2, stream_id: 1 };
    const { watch } = eventServer({
      queues: [['q1', -1]],
      polls: [events(future, newOp, { type: 'invites_changed', id: 3 })],
    });
    const seen = await collect(watch);
    expect(seen).toEqual([future, newOp, { type: 'invites_changed', id: 3 }]);
    const state = {
      queue_id: 'q1',
      last_event_id: 3,
      streams: [{ stream_id: 1, name: 'general' }],
    } as unknown as RegisterState;
    const before = structuredClone(state);
    for (const event of seen) expect(() => applyEvent(state, event)).not.toThrow();
    expect(state).toEqual(before);
  });

  it('passes the register parameters to POST /register', async () => {
    const { watch, requests } = eventServer(
      { queues: [['q1', -1]], polls: [] },
      { register: { event_types: ['message'], apply_markdown: true } },
    );
    await collect(watch);
    const register = requests.find((r) => r.path === '/register');
    expect(register?.params.get('event_types')).toBe('["message"]');
    expect(register?.params.get('apply_markdown')).toBe('true');
  });

  it('deletes the queue when stopped by the signal', async () => {
    const { watch, requests } = eventServer({ queues: [['q1', -1]], polls: [events({ type: 'message', id: 0 })] });
    await collect(watch);
    expect(deletions(requests)).toEqual(['q1']);
  });

  it('deletes the queue when the consumer leaves the loop', async () => {
    const { watch, requests } = eventServer({
      queues: [['q1', -1]],
      polls: [events({ type: 'message', id: 0 }, { type: 'message', id: 1 })],
    });
    for await (const event of watch) {
      expect(event.id).toBe(0);
      break;
    }
    expect(deletions(requests)).toEqual(['q1']);
    expect(polls(requests)).toHaveLength(1);
  });

  it('stops before the next event when the signal aborts during the consumer’s turn', async () => {
    const { watch, controller, requests } = eventServer({
      queues: [['q1', -1]],
      polls: [events({ type: 'a', id: 0 }, { type: 'b', id: 1 })],
    });
    const seen: string[] = [];
    for await (const event of watch) {
      seen.push(event.type);
      controller.abort();
    }
    expect(seen).toEqual(['a']);
    expect(deletions(requests)).toEqual(['q1']);
  });

  it('re-registers on BAD_EVENT_QUEUE_ID, resets last_event_id and reports the lost queue', async () => {
    const { watch, requests, registered } = eventServer({
      queues: [
        ['q1', -1],
        ['q2', 10],
      ],
      polls: [events({ type: 'message', id: 5 }), badQueue('q1'), events({ type: 'message', id: 11 })],
    });
    const received = await collect(watch);
    expect(received.map((e) => e.id)).toEqual([5, 11]);
    expect(registered).toEqual([
      ['q1', { reason: 'initial' }],
      ['q2', { reason: 'queue_lost', lostQueueId: 'q1' }],
    ]);
    expect(polls(requests)).toEqual([
      ['q1', '-1'],
      ['q1', '5'],
      ['q2', '10'],
      ['q2', '11'],
    ]);
    expect(deletions(requests)).toEqual(['q2']);
  });

  it('recognises the legacy message of servers that send no code', async () => {
    const { watch, registered } = eventServer({
      queues: [
        ['q1', -1],
        ['q2', -1],
      ],
      polls: [
        events({ type: 'message', id: 0 }),
        { status: 400, json: { result: 'error', msg: 'Bad event queue id: q1' } },
      ],
    });
    await collect(watch);
    expect(registered.map(([, info]) => info.reason)).toEqual(['initial', 'queue_lost']);
  });

  it('backs off before re-registering when a queue is lost before its first poll', async () => {
    const { watch, delays, registered } = eventServer({
      queues: [
        ['q1', -1],
        ['q2', -1],
        ['q3', -1],
        ['q4', -1],
      ],
      polls: [events({ type: 'message', id: 0 }), badQueue('q1'), badQueue('q2'), badQueue('q3')],
    });
    await collect(watch);
    expect(registered.map(([queue]) => queue)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(delays).toEqual([250, 500]);
  });

  it('warns on the console about a lost queue when there is no onRegister', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const controller = new AbortController();
    let registrations = 0;
    let polled = 0;
    const fake = fakeFetch((request) => {
      if (request.path === '/register') return success({ queue_id: `q${++registrations}`, last_event_id: -1 });
      if (request.method === 'GET' && polled++ === 0) return badQueue('q1');
      if (request.method === 'GET') controller.abort();
      return success({ events: [] });
    });
    const client = createClient({ site: 'chat.example.com', fetch: fake.fetch, retry: false });
    await collect(watchEvents(client, { signal: controller.signal }));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /event queue q1 expired \(BAD_EVENT_QUEUE_ID\).*may have been lost/,
    );
  });

  it('backs off after network errors and 5xx answers, then resumes from the same event', async () => {
    const retries: unknown[] = [];
    const { watch, requests, delays } = eventServer(
      {
        queues: [['q1', -1]],
        polls: [
          events({ type: 'message', id: 0 }),
          { networkError: new TypeError('fetch failed') },
          failure(502, 'BAD_REQUEST', 'Bad gateway'),
          events({ type: 'message', id: 1 }),
        ],
      },
      { onRetry: (info) => void retries.push(info.failures) },
    );
    const received = await collect(watch);
    expect(received.map((e) => e.id)).toEqual([0, 1]);
    expect(delays).toEqual([250, 500]);
    expect(retries).toEqual([1, 2]);
    expect(polls(requests).map(([, last]) => last)).toEqual(['-1', '0', '0', '0', '1']);
  });

  it('gives up after maxRetries failures in a row: rejects with the last error and deletes the queue', async () => {
    const unreachable = { networkError: new TypeError('Failed to fetch') };
    const { watch, requests, delays } = eventServer(
      { queues: [['q1', -1]], polls: [unreachable, unreachable, unreachable, unreachable] },
      { maxRetries: 2 },
    );
    const error = await rejectionOf(collect(watch));
    expect(error).toMatchObject({ name: 'NetworkError' });
    expect((error as Error).message).toMatch(
      /GET \/events failed: could not reach https:\/\/chat\.example\.com \(Failed to fetch\)/,
    );
    expect(delays).toEqual([250, 500]);
    expect(polls(requests)).toHaveLength(3);
    expect(deletions(requests)).toEqual(['q1']);
  });

  it('counts failures in a row only: a success starts the count again', async () => {
    const unreachable = { networkError: new TypeError('fetch failed') };
    const { watch, delays } = eventServer(
      {
        queues: [['q1', -1]],
        polls: [unreachable, events({ type: 'message', id: 0 }), unreachable, events({ type: 'message', id: 1 })],
      },
      { maxRetries: 1 },
    );
    expect((await collect(watch)).map((e) => e.id)).toEqual([0, 1]);
    expect(delays).toEqual([250, 250]);
  });

  it('gives up on a registration that keeps failing, and refuses a bad maxRetries', async () => {
    const fake = fakeFetch(() => failure(503, 'BAD_REQUEST', 'Service unavailable'));
    const client = createClient({ site: 'chat.example.com', fetch: fake.fetch, retry: false });
    const { sleep } = instantSleep();
    await expect(collect(watchEvents(client, { maxRetries: 0, backoff: { sleep } }))).rejects.toMatchObject({
      status: 503,
    });
    expect(fake.requests).toHaveLength(1);
    await expect(collect(watchEvents(client, { maxRetries: -1 }))).rejects.toThrow(
      /maxRetries must be a non-negative integer or Infinity, got -1/,
    );
  });

  it('waits for retry-after when a poll is rate limited', async () => {
    const { watch, delays } = eventServer({
      queues: [['q1', -1]],
      polls: [failure(429, 'RATE_LIMIT_HIT', 'API usage exceeded rate limit', { 'retry-after': 2 })],
    });
    await collect(watch);
    expect(delays).toEqual([2_000]);
  });

  it('throws final errors from the loop and still deletes the queue', async () => {
    const { watch, requests } = eventServer({
      queues: [['q1', -1]],
      polls: [failure(401, 'UNAUTHORIZED', 'Invalid API key')],
    });
    await expect(collect(watch)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(deletions(requests)).toEqual(['q1']);
  });

  it('refuses a registration without a queue', async () => {
    const { watch } = eventServer({ queues: [[null, -1]], polls: [] });
    const error = await rejectionOf(collect(watch));
    expect((error as Error).message).toMatch(/registered no event queue/);
  });
});
