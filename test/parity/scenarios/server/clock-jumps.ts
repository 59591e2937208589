import { defaultRateLimits } from '@teamchat/server';
import { expect } from 'vitest';
import { scenario, type Scenario, type ScenarioContext } from '../../harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Sends GET /users/me as `role` until a 429; the answers' statuses and the 429's headers. */
async function untilLimited(
  t: ScenarioContext,
  role: 'guest',
): Promise<{ allowed: number; retryAfter: number; reset: number }> {
  for (let allowed = 0; allowed < 50; allowed += 1) {
    const response = await t.raw('GET', '/users/me', { role });
    if (response.status === 429) {
      return {
        allowed,
        retryAfter: Number((response.body as Record<string, unknown>)['retry-after']),
        reset: Number(response.headers['x-ratelimit-reset']),
      };
    }
    expect(response.status).toBe(200);
  }
  throw new Error('never rate limited');
}

/**
 * The wall clock set back an hour and forward a day (as an NTP step or a wrong clock fixed
 * does), with time itself going on only as `advance` says: durations run on the monotonic
 * clock, timestamps users see on the wall clock, as the real server keeps them.
 */
export const clockJumpScenarios: Scenario[] = [
  scenario(
    'server: a wall clock set back an hour leaves no rate-limit window stuck, and one set forward a day expires no event queue early',
    async (t) => {
      const start = t.clock.now();
      // 20 requests a minute, all at once: the 21st waits until the first leaves the minute.
      const first = await untilLimited(t, 'guest');
      expect(first).toEqual({ allowed: 20, retryAfter: 60, reset: Math.floor(start / 1000) + 60 });
      t.clock.set(start - HOUR);
      t.clock.advance(first.retryAfter * 1000 + 1);
      const afterBack = await t.raw('GET', '/users/me', { role: 'guest' });
      expect(afterBack.status).toBe(200);
      // X-RateLimit-Reset is a time clients see: on the wall clock, as it now reads.
      expect(Number(afterBack.headers['x-ratelimit-reset'])).toBe(Math.floor((start - HOUR + 60_001) / 1000) + 60);

      const member = t.client('member');
      const queue = await member.events.register({ event_types: ['message'] });
      t.clock.set(start + DAY);
      const polled = await t.raw('GET', '/events', {
        role: 'member',
        params: { queue_id: queue.queue_id ?? '', last_event_id: '-1', dont_block: 'true' },
      });
      expect(polled.status).toBe(200);
      // Its lifetime without polls (10 minutes) passes: now it goes.
      t.clock.advance(601_000);
      const expired = await t.raw('GET', '/events', {
        role: 'member',
        params: { queue_id: queue.queue_id ?? '', last_event_id: '-1', dont_block: 'true' },
      });
      expect(expired).toMatchObject({ status: 400, body: { code: 'BAD_EVENT_QUEUE_ID' } });
      return { first, afterBack: afterBack.status, polled: polled.status, expired: expired.body };
    },
    { config: { rateLimits: { ...defaultRateLimits, api_by_user: [[60, 20]] } } },
  ),

  scenario(
    'server: across a wall clock set back an hour and forward a day, scheduled messages are sent once, and message IDs grow while timestamps follow the wall clock',
    async (t) => {
      const start = t.clock.now();
      const seconds = Math.floor(start / 1000);
      const member = t.client('member');
      const owner = t.client('owner');
      const general = (await member.channels.getId({ stream: 'general' })).stream_id;
      const topic = 'clock jumps';
      for (const [content, delay] of [
        ['in half an hour', 1800],
        ['in two hours', 7200],
      ] as const) {
        await member.scheduledMessages.create({
          type: 'stream',
          to: general,
          topic,
          content,
          scheduled_delivery_timestamp: seconds + delay,
        });
      }
      const { id: before } = await owner.messages.send({
        type: 'stream',
        to: 'general',
        topic,
        content: 'before the step back',
      });
      // Back an hour: nothing is due any more than it was.
      t.clock.set(start - HOUR);
      const { id: after } = await owner.messages.send({
        type: 'stream',
        to: 'general',
        topic,
        content: 'after the step back',
      });
      expect((await member.scheduledMessages.list({})).scheduled_messages).toHaveLength(2);
      // Forward a day: both are due, and each is sent once however many requests run the job.
      t.clock.set(start + DAY);
      for (let i = 0; i < 3; i += 1) expect((await member.scheduledMessages.list({})).scheduled_messages).toEqual([]);
      const { messages } = await owner.messages.list({
        anchor: 'newest',
        num_before: 10,
        num_after: 0,
        narrow: [{ operator: 'topic', operand: topic }],
        apply_markdown: false,
      });
      const sent = messages.map((m) => ({ id: m.id, content: m.content, timestamp: m.timestamp }));
      // As the real server: IDs in sending order, each timestamp the wall clock's when it was sent.
      expect(sent.map((m) => m.content)).toEqual([
        'before the step back',
        'after the step back',
        'in half an hour',
        'in two hours',
      ]);
      expect(sent.map((m) => m.id)).toEqual([...sent.map((m) => m.id)].sort((a, b) => a - b));
      expect(sent.map((m) => m.timestamp)).toEqual([seconds, seconds - 3600, seconds + 86_400, seconds + 86_400]);
      expect([before, after]).toEqual(sent.slice(0, 2).map((m) => m.id));
      return sent;
    },
  ),
];
