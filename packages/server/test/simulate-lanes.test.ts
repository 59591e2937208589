/**
 * `teamchat-server --simulate` runs its traffic in lanes (TrafficLanes): several people act at
 * once, so their writes are in flight together (and share the journal's fsyncs on disk), where
 * one engine waits for each call before the next.
 */
import { TrafficLanes, type TrafficPort } from '@teamchat/traffic';
import { describe, expect, it } from 'vitest';
import { coreTrafficPort, createMemoryServer, trafficAccountsOf } from '../src/index.js';

/** A server core in memory on the real clock, behind a port that counts the calls in flight at once. */
async function countingPort(): Promise<{
  port: TrafficPort;
  accounts: ReturnType<typeof trafficAccountsOf>;
  most: () => number;
  messages: () => number;
}> {
  const { core } = await createMemoryServer();
  const store = core.services.store;
  const inner = coreTrafficPort(() => ({ core, store }), {
    now: () => Date.now(),
    at: (time) => new Promise((done) => setTimeout(done, Math.max(0, time - Date.now()))),
  });
  let now = 0;
  let most = 0;
  const port: TrafficPort = {
    ...inner,
    async call(account, name, params) {
      now += 1;
      most = Math.max(most, now);
      try {
        return await inner.call(account, name, params);
      } finally {
        now -= 1;
      }
    },
  };
  return { port, accounts: trafficAccountsOf(store), most: () => most, messages: () => store.count('messages') };
}

const rates = { channelMessages: 1200, directMessages: 300, reactions: 300 };

describe('TrafficLanes: live traffic with several people acting at once', () => {
  it('keeps calls of several lanes in flight together; one lane is one call at a time', async () => {
    const one = await countingPort();
    const before = one.messages();
    const single = new TrafficLanes({ port: one.port, accounts: one.accounts, rates, seed: 3, lanes: 1 });
    await single.advance(2000);
    expect(one.most()).toBe(1);
    expect(one.messages()).toBeGreaterThan(before);

    const four = await countingPort();
    const lanes = new TrafficLanes({ port: four.port, accounts: four.accounts, rates, seed: 3, lanes: 4 });
    const stats = await lanes.advance(2000);
    expect(four.most()).toBeGreaterThan(1);
    expect(four.most()).toBeLessThanOrEqual(4);
    expect(stats.calls['messages.send']).toBeGreaterThan(10);
  }, 30_000);

  it('refuses a lane count that is not a positive integer', () => {
    expect(() => new TrafficLanes({ port: {} as TrafficPort, accounts: [], rates, lanes: 0 })).toThrow(
      /lanes must be a positive integer/,
    );
  });
});
