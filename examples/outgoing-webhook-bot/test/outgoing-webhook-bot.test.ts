import { createClient, type Client } from '@teamchat/client-sdk';
import { createMemoryServer } from '@teamchat/server';
import { listen, nodeHttpSender } from '@teamchat/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookBot } from '../src/webhook-bot.js';

let server: { url: string; close(): Promise<void> };
let member: Client;
beforeAll(async () => {
  const { core, handler, accounts } = await createMemoryServer({ outbound: nodeHttpSender });
  const running = await listen({ handler });
  core.services.config.realmUrl = running.url;
  server = running;
  const account = accounts.find((a) => a.role === 'member');
  member = createClient({ site: running.url, email: account?.email ?? '', apiKey: account?.apiKey ?? '' });
});
afterAll(() => server.close());

/** The next `message` event of the member's queue sent by `senderId`. */
async function nextMessageFrom(queueId: string, senderId: number): Promise<{ content: string; subject: string }> {
  let last = -1;
  for (;;) {
    const { events } = await member.events.get({ queue_id: queueId, last_event_id: last });
    for (const event of events) {
      last = Math.max(last, event.id);
      // Narrowed by its type, the event's `message` is a Message.
      if (event.type === 'message' && event.message.sender_id === senderId) return event.message;
    }
  }
}

describe('the outgoing-webhook bot example, against the reference server', () => {
  it('is mentioned, receives the payload, and its reply is posted in the topic', async () => {
    // The bot's server starts before the bot account exists: it learns its token just after.
    let token = '';
    const bot = await startWebhookBot({ token: () => token, log: () => {} });
    try {
      const created = await member.bots.create({
        full_name: 'Echo Bot',
        short_name: 'echo',
        bot_type: 3,
        payload_url: bot.url,
      });
      const state = await member.events.register({ fetch_event_types: ['realm_bot'], event_types: ['message'] });
      const mine = (state['realm_bots'] as { user_id: number; services: { token: string }[] }[]).find(
        (b) => b.user_id === created.user_id,
      );
      token = mine?.services[0]?.token ?? '';
      expect(token).toMatch(/^\w{32}$/);
      await member.messages.send({
        type: 'stream',
        to: 'general',
        topic: 'webhooks',
        content: '@**Echo Bot** hello there',
      });
      const reply = await nextMessageFrom(state.queue_id ?? '', created.user_id);
      expect(reply).toMatchObject({ content: 'echo: hello there', subject: 'webhooks' });
    } finally {
      await bot.close();
    }
  });

  it('refuses a request that does not carry its token', async () => {
    const bot = await startWebhookBot({ token: 'right', log: () => {} });
    try {
      const response = await fetch(bot.url, {
        method: 'POST',
        body: JSON.stringify({
          token: 'wrong',
          data: '',
          trigger: 'mention',
          bot_email: 'x',
          bot_full_name: 'x',
          message: {},
        }),
      });
      expect(response.status).toBe(400);
    } finally {
      await bot.close();
    }
  });
});
