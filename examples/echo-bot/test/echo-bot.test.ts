import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isApiError } from '@teamchat/client-sdk';
import { askEchoBot, type Account } from '../src/ask-bot.js';
import { startServer } from '../src/server.js';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

function demoAccounts(): { bot: Account; member: Account } {
  const bot = server.accounts.find((a) => a.role === 'bot');
  const member = server.accounts.find((a) => a.role === 'member');
  if (!bot || !member) throw new Error('demo accounts missing');
  return { bot, member };
}

describe('the echo bot example', () => {
  it('answers a direct message through the event stream, and stops cleanly', async () => {
    const { bot, member } = demoAccounts();
    const { reply, answered } = await askEchoBot(server.url, bot, member, 'ping');
    expect(reply).toBe('echo: ping');
    expect(answered).toBe(1);
    // The bot marked the message it answered read: its register state has no unread left.
    const state = await createClient({ site: server.url, email: bot.email, apiKey: bot.apiKey }).events.register({
      fetch_event_types: ['message', 'update_message_flags'],
    });
    expect((state['unread_msgs'] as { pms: unknown[] }).pms).toEqual([]);
  });

  it('fails instead of waiting forever when the bot cannot start', async () => {
    const { bot, member } = demoAccounts();
    const error = await askEchoBot(server.url, { ...bot, apiKey: 'x'.repeat(32) }, member, 'ping').catch(
      (e: unknown) => e,
    );
    expect(isApiError(error) && error.status).toBe(401);
  });

  it('logs an answer it cannot send and goes on answering', async () => {
    const { bot, member } = demoAccounts();
    const logged: string[] = [];
    // The bot's client fails the answer to "boom" as a server would reject it.
    const failingFetch: typeof fetch = async (input, init) =>
      typeof init?.body === 'string' && init.body.includes('echo%3A+boom')
        ? Response.json({ result: 'error', msg: 'Not today', code: 'BAD_REQUEST' }, { status: 400 })
        : fetch(input, init);
    const { reply, answered } = await askEchoBot(server.url, bot, member, ['boom', 'ping'], {
      fetch: failingFetch,
      log: (line) => logged.push(line),
    });
    expect(reply).toBe('echo: ping');
    expect(answered).toBe(1);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(
      /^echo bot: could not answer message \d+: POST \/messages failed with BAD_REQUEST: Not today$/,
    );
  });
});
