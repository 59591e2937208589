import { createClient } from '@teamchat/client-sdk';
import { runEchoBot } from './bot.js';
import { startServer } from './server.js';

const server = await startServer();
const bot = server.accounts.find((a) => a.role === 'bot');
const member = server.accounts.find((a) => a.role === 'member');
if (!bot || !member) throw new Error('the demo organization lacks its bot or member');

const stop = new AbortController();
let ready!: () => void;
const registered = new Promise<void>((resolve) => (ready = resolve));
const running = runEchoBot({ site: server.url, email: bot.email, apiKey: bot.apiKey, signal: stop.signal, onReady: ready });
await registered;

const client = createClient({ site: server.url, email: member.email, apiKey: member.apiKey });
await client.messages.send({ type: 'direct', to: [bot.userId], content: 'Hello, bot!' });
// Wait for the answer, then stop the bot.
for (let i = 0; i < 50; i += 1) {
  const { messages } = await client.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'dm', operand: [bot.userId] }], apply_markdown: false });
  const last = messages[messages.length - 1];
  if (last && last.sender_id === bot.userId) {
    console.log(`The bot answered: ${last.content}`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
stop.abort();
console.log(`Messages answered: ${await running}`);
await server.close();
