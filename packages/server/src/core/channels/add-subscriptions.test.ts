import { endpoints, type Endpoint } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { createMemoryServer } from '../../memory.js';
import type { RealmRecord } from '../model/records/realm.js';
import type { UserRecord } from '../model/records/users.js';
import type { DemoRole } from '../seed/demo-organization.js';
import { addSubscriptions } from './add-subscriptions.js';

const request = { authorization: null, userAgent: 'vitest' };

async function setup() {
  const { core, accounts } = await createMemoryServer({ seed: 5 });
  const { store } = core.services;
  const user = (role: DemoRole) => store.get('users', accounts.find((a) => a.role === role)?.userId ?? 0) as UserRecord;
  const call = <T>(endpoint: Endpoint, params: Record<string, unknown>, role: DemoRole) =>
    core.run(endpoint, endpoint.params.parse(params), { request, user: user(role) }) as Promise<T>;
  const channel = (name: string) => [...store.all('channels')].find((c) => c.name === name);
  return { core, store, user, call, channel };
}

describe('addSubscriptions', () => {
  it('lists only active subscribers in the subscription add event, like register and subscriber_count', async () => {
    const { core, store, user, call, channel } = await setup();
    const engineering = channel('engineering');
    if (!engineering) throw new Error('no engineering channel');
    // Mike Member is subscribed to engineering; his subscription stays while he is deactivated.
    await call(endpoints['users.deactivate'], { user_id: user('member').id }, 'owner');
    const { queue_id } = await call<{ queue_id: string }>(
      endpoints['events.register'],
      { event_types: ['subscription'] },
      'guest',
    );

    // No endpoint subscribes users to existing channels yet: the step POST /users and channel creation share.
    await store.write((db) =>
      addSubscriptions(
        { ...core.services, db, realm: db.get('realm', 1) as RealmRecord },
        [engineering],
        [user('guest')],
      ),
    );

    const { events } = await call<{ events: Record<string, unknown>[] }>(
      endpoints['events.get'],
      { queue_id, dont_block: true },
      'guest',
    );
    const added = events.find((event) => event['op'] === 'add') as {
      subscriptions: { subscribers: number[]; subscriber_count: number }[];
    };
    const expected = [user('owner').id, user('administrator').id, user('guest').id, user('bot').id].sort(
      (a, b) => a - b,
    );
    expect(added.subscriptions[0]?.subscribers).toEqual(expected);
    expect(added.subscriptions[0]?.subscriber_count).toBe(expected.length);
    const state = await call<{ subscriptions: { stream_id: number; subscribers: number[] }[] }>(
      endpoints['events.register'],
      { fetch_event_types: ['subscription'], event_types: [], include_subscribers: true },
      'guest',
    );
    expect(state.subscriptions.find((sub) => sub.stream_id === engineering.id)?.subscribers).toEqual(expected);
  });
});
