import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@teamchat/client-sdk';
import { runEchoBot } from '../src/bot.js';
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
    const stop = new AbortController();
    let ready!: () => void;
    const registered = new Promise<void>((resolve) => (ready = resolve));
    const running = runEchoBot({ site: server.url, email: bot.email, apiKey: bot.apiKey, signal: stop.signal, onReady: ready });
    await registered;
    const client = createClient({ site: server.url, email: member.email, apiKey: member.apiKey });
    const narrow = [{ operator: 'dm', operand: [bot.userId] }];
    const { id } = await client.messages.send({ type: 'direct', to: [bot.userId], content: 'ping' });
    let reply: string | undefined;
    for (let i = 0; i < 100 && reply === undefined; i += 1) {
      const { messages } = await client.messages.list({ anchor: String(id), include_anchor: false, num_before: 0, num_after: 5, narrow, apply_markdown: false });
      reply = messages.find((m) => m.sender_id === bot.userId)?.content;
      if (reply === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(reply).toBe('echo: ping');
    stop.abort();
    expect(await running).toBe(1);
  });
});
