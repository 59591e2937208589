import { applyEvent } from '@teamchat/client-sdk';
import { BUSY_TRAFFIC, Traffic, type TrafficAccount, type TrafficPort } from '@teamchat/traffic';
import { expect } from 'vitest';
import { scenario, type Scenario, type ScenarioContext } from '../../harness.js';
import { MODERN_CAPABILITIES } from '../shared/consistency.js';

/** Traffic through the target's API (SDK clients over HTTP or MSW), on the target's clock. */
function trafficOf(t: ScenarioContext, seed: number): Traffic {
  const accounts: TrafficAccount[] = (['owner', 'administrator', 'moderator', 'member', 'guest'] as const).map(
    (role) => {
      const account = t.accounts[role];
      return { email: account.email, userId: account.userId, fullName: account.fullName, role, apiKey: account.apiKey };
    },
  );
  const port: TrafficPort = {
    call: async (account, name, params) => {
      const client = account ? t.clientFor(account.email, account.apiKey ?? '') : t.client(null);
      return (await client.request(name as never, params as never)) as Record<string, unknown>;
    },
    now: () => t.clock.now(),
    at: async (time) => t.clock.set(time),
  };
  return new Traffic({
    port,
    accounts,
    rates: {
      ...BUSY_TRAFFIC,
      usersJoining: 0.5,
      usersLeaving: 0.3,
      channelsCreated: 0.5,
      channelsArchived: 0.3,
      topicMoves: 1,
      deletes: 1,
    },
    seed,
  });
}

/**
 * What must agree. Presence timestamps are compared by who has them: the server moves a
 * timestamp without an event when a user who is already online pings again (the real
 * server's rule; clients refresh them with their own presence pings, not from events).
 */
const comparable = (state: Record<string, unknown>) => {
  const {
    queue_id: _queue,
    last_event_id: _last,
    server_timestamp: _time,
    presence_last_update_id: _presence,
    presences,
    ...rest
  } = state;
  return { ...rest, presences: Object.keys((presences ?? {}) as object).sort() };
};

/**
 * Live traffic (`mock.simulate`, `teamchat simulate`): a client that registered before it
 * and applies every event with `applyEvent` holds what a fresh register says, after every
 * simulated minute. The same seed gives the same traffic on both targets.
 */
export const trafficScenarios: Scenario[] = [
  scenario(
    'events: simulated traffic applied with applyEvent equals a fresh register after every minute',
    async (t) => {
      const watcher = t.client('member');
      const params = {
        apply_markdown: true,
        client_gravatar: false,
        include_subscribers: true,
        slim_presence: true,
        client_capabilities: MODERN_CAPABILITIES,
      };
      const state = (await watcher.events.register(params as never)) as Record<string, unknown>;
      const queueId = String(state['queue_id']);
      let lastEventId = -1;
      const traffic = trafficOf(t, 11);
      const minutes: Record<string, number>[] = [];
      for (let minute = 1; minute <= 3; minute += 1) {
        await traffic.advance(60_000);
        const { events } = await watcher.events.get({
          queue_id: queueId,
          last_event_id: lastEventId,
          dont_block: true,
        });
        const seen: Record<string, number> = {};
        for (const event of events) {
          applyEvent(state, event);
          lastEventId = Math.max(lastEventId, event.id);
          const kind = typeof event['op'] === 'string' ? `${event.type}:${event['op']}` : event.type;
          seen[kind] = (seen[kind] ?? 0) + 1;
        }
        const fresh = (await watcher.events.register(params as never)) as Record<string, unknown>;
        // What applyEvent documents it cannot know: after a deletion, the newest remaining IDs.
        if (seen['delete_message'])
          for (const key of ['max_message_id', 'recent_private_conversations']) state[key] = fresh[key];
        expect(comparable(state), `after minute ${minute}`).toEqual(comparable(fresh));
        await watcher.events.deleteQueue({ queue_id: String(fresh['queue_id']) });
        minutes.push(seen);
      }
      await watcher.events.deleteQueue({ queue_id: queueId });
      expect(Object.keys(minutes.reduce((all, seen) => ({ ...all, ...seen }), {}))).toEqual(
        expect.arrayContaining(['message', 'reaction:add', 'typing:start', 'presence']),
      );
      return { minutes, stats: traffic.stats };
    },
  ),
];
