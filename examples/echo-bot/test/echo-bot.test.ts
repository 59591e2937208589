import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askEchoBot } from '../src/ask-bot.js';
import { startServer } from '../src/server.js';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('the echo bot example', () => {
  it('answers a direct message through the event stream, and stops cleanly', async () => {
    const bot = server.accounts.find((a) => a.role === 'bot');
    const member = server.accounts.find((a) => a.role === 'member');
    if (!bot || !member) throw new Error('demo accounts missing');
    const { reply, answered } = await askEchoBot(server.url, bot, member, 'ping');
    expect(reply).toBe('echo: ping');
    expect(answered).toBe(1);
  });
});
