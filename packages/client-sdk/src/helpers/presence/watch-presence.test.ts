import { describe, expect, it } from 'vitest';
import { failure, fakeFetch, instantSleep, success, type Reply } from '../../../test/fake-fetch.js';
import { createClient } from '../../client/create-client.js';
import { watchPresence, type PresenceUpdate, type WatchPresenceOptions } from './watch-presence.js';

const entry = (active: number) => ({ active_timestamp: active, idle_timestamp: active });

function setup(replies: Reply[], options: Omit<WatchPresenceOptions, 'signal' | 'backoff'> = {}) {
  const controller = new AbortController();
  const fake = fakeFetch((_request, index) => {
    const reply = replies[index];
    if (reply) return reply;
    queueMicrotask(() => controller.abort());
    return { hang: true };
  });
  const client = createClient({ site: 'chat.example.com', fetch: fake.fetch, retry: false });
  const { sleep, delays } = instantSleep();
  const watch = watchPresence(client, { signal: controller.signal, backoff: { sleep, random: () => 0 }, ...options });
  return { watch, requests: fake.requests, delays };
}

async function collect(watch: AsyncIterable<PresenceUpdate>): Promise<PresenceUpdate[]> {
  const updates: PresenceUpdate[] = [];
  for await (const update of watch) updates.push(update);
  return updates;
}

describe('watchPresence', () => {
  it('polls with last_update_id -1, then with each presence_last_update_id, merging the changes', async () => {
    const { watch, requests, delays } = setup(
      [
        success({
          presences: { '1': entry(100), '2': entry(100) },
          presence_last_update_id: 7,
          server_timestamp: 100.5,
        }),
        success({ presences: { '2': entry(160) }, presence_last_update_id: 9, server_timestamp: 160.5 }),
        success({ presences: {}, presence_last_update_id: 9, server_timestamp: 220.5 }),
      ],
      { intervalMs: 60_000 },
    );
    const updates = await collect(watch);
    expect(requests.map((r) => [r.method, r.path, r.params.get('status'), r.params.get('last_update_id')])).toEqual([
      ['POST', '/users/me/presence', 'active', '-1'],
      ['POST', '/users/me/presence', 'active', '7'],
      ['POST', '/users/me/presence', 'active', '9'],
      ['POST', '/users/me/presence', 'active', '9'],
    ]);
    expect(updates).toEqual([
      {
        presences: { '1': entry(100), '2': entry(100) },
        changed: { '1': entry(100), '2': entry(100) },
        lastUpdateId: 7,
        serverTimestamp: 100.5,
        polls: 1,
      },
      {
        presences: { '1': entry(100), '2': entry(160) },
        changed: { '2': entry(160) },
        lastUpdateId: 9,
        serverTimestamp: 160.5,
        polls: 2,
      },
      {
        presences: { '1': entry(100), '2': entry(160) },
        changed: {},
        lastUpdateId: 9,
        serverTimestamp: 220.5,
        polls: 3,
      },
    ]);
    expect(delays).toEqual([60_000, 60_000, 60_000]);
  });

  it('reads the status before every poll', async () => {
    const statuses = ['active', 'idle'] as const;
    let call = 0;
    const { watch, requests } = setup(
      [success({ presence_last_update_id: 1 }), success({ presence_last_update_id: 1 })],
      {
        status: () => statuses[call++ % 2] ?? 'active',
      },
    );
    await collect(watch);
    expect(requests.slice(0, 2).map((r) => r.params.get('status'))).toEqual(['active', 'idle']);
  });

  it('backs off after a failed poll and keeps its place', async () => {
    const { watch, requests, delays } = setup([
      success({ presences: {}, presence_last_update_id: 4 }),
      { networkError: new TypeError('fetch failed') },
      success({ presences: {}, presence_last_update_id: 5 }),
    ]);
    const updates = await collect(watch);
    expect(updates.map((u) => u.lastUpdateId)).toEqual([4, 5]);
    expect(delays).toEqual([60_000, 250, 60_000]);
    expect(requests.map((r) => r.params.get('last_update_id'))).toEqual(['-1', '4', '4', '5']);
  });

  it('throws final errors', async () => {
    const { watch } = setup([failure(400, 'BAD_REQUEST', 'This endpoint does not accept bot requests.')]);
    await expect(collect(watch)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
