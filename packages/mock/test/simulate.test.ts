import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvent, createClient } from '@teamchat/client-sdk';
import { BUSY_TRAFFIC } from '@teamchat/traffic';
import { createMock, type TeamchatMock } from '../src/index.js';

const MINUTE = 60_000;

/** What must agree between a client's state and a fresh register (see the traffic parity scenario). */
function comparable(state: Record<string, unknown>): Record<string, unknown> {
  const {
    queue_id: _q,
    last_event_id: _l,
    server_timestamp: _t,
    presence_last_update_id: _p,
    presences,
    ...rest
  } = state;
  return { ...rest, presences: Object.keys((presences ?? {}) as object).sort() };
}

/** The messages of a mock's store: who sent what where, and when. */
function messagesOf(mock: TeamchatMock): string[] {
  return [...mock.store.all('messages')].map((m) => `${m.id} ${m.sender_id} ${m.timestamp} ${m.content}`);
}

describe('mock.simulate: live traffic under the fake clock, on a populated organization', () => {
  let mock: TeamchatMock;
  let server: ReturnType<typeof setupServer>;
  beforeAll(async () => {
    mock = await createMock({ populate: { size: 300, randomSeed: 4 } });
    server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
  }, 60_000);
  afterAll(() => server.close());

  it('starts from the generated organization: every role, months of history', () => {
    expect(Object.keys(mock.accounts).sort()).toEqual([
      'administrator',
      'bot',
      'guest',
      'member',
      'moderator',
      'owner',
    ]);
    expect(mock.accountList.length).toBeGreaterThan(20);
    const times = [...mock.store.all('messages')].map((m) => m.timestamp);
    expect((Math.max(...times) - Math.min(...times)) / 86_400).toBeGreaterThan(90);
  });

  it('ten minutes of a busy organization: a client applying the events equals a fresh register after every minute', async () => {
    mock.reset();
    const client = createClient(mock.clientOptions('member'));
    const params = { apply_markdown: true, client_gravatar: false, include_subscribers: true, slim_presence: true };
    const state = (await client.events.register(params)) as Record<string, unknown>;
    const traffic = mock.simulate({ rates: BUSY_TRAFFIC, seed: 9 });
    const start = mock.clock.now();
    let last = -1;
    for (let minute = 1; minute <= 10; minute += 1) {
      await traffic.advance(MINUTE);
      expect(mock.clock.now()).toBe(start + minute * MINUTE);
      const { events } = await client.events.get({
        queue_id: String(state['queue_id']),
        last_event_id: last,
        dont_block: true,
      });
      let deleted = false;
      for (const event of events) {
        applyEvent(state, event);
        last = Math.max(last, event.id);
        deleted ||= event.type === 'delete_message';
      }
      const fresh = (await client.events.register(params)) as Record<string, unknown>;
      if (deleted) for (const key of ['max_message_id', 'recent_private_conversations']) state[key] = fresh[key];
      expect(comparable(state), `after minute ${minute}`).toEqual(comparable(fresh));
      await client.events.deleteQueue({ queue_id: String(fresh['queue_id']) });
    }
    expect(traffic.stats.calls['messages.send']).toBeGreaterThan(150);
    expect(traffic.stats.calls['typing.setStatus']).toBeGreaterThan(100);
  }, 60_000);

  it('gives the same sequence for the same seed, and another for another seed', async () => {
    const run = async (seed: number) => {
      mock.reset();
      await mock.simulate({ rates: BUSY_TRAFFIC, seed }).advance(2 * MINUTE);
      return messagesOf(mock);
    };
    const first = await run(21);
    expect(await run(21)).toEqual(first);
    expect(await run(22)).not.toEqual(first);
  }, 60_000);

  it('runs a script: exact calls at exact times', async () => {
    mock.reset();
    const start = mock.clock.now();
    const member = mock.accounts.member.email;
    const answers = await mock.script({
      steps: [
        {
          at: 90_000,
          as: member,
          call: 'messages.send',
          params: { type: 'stream', to: 'general', topic: 'scripted', content: 'second' },
        },
        {
          at: 30_000,
          as: member,
          call: 'messages.send',
          params: { type: 'stream', to: 'general', topic: 'scripted', content: 'first' },
        },
        {
          at: 120_000,
          as: mock.accounts.guest.email,
          call: 'channels.create',
          params: { name: 'nope', subscribers: [] },
        },
      ],
    });
    expect(answers.map((a) => a.step)).toEqual([1, 0, 2]);
    expect(answers[2]?.answer).toEqual({ error: 'BAD_REQUEST' });
    const scripted = [...mock.store.all('messages')].filter((m) => m.topic === 'scripted');
    expect(scripted.map((m) => [m.content, m.timestamp])).toEqual([
      ['first', Math.floor((start + 30_000) / 1000)],
      ['second', Math.floor((start + 90_000) / 1000)],
    ]);
    expect(mock.clock.now()).toBe(start + 120_000);
  });
});
