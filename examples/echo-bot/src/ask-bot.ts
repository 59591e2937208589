import { createClient } from '@teamchat/client-sdk';
import { runEchoBot } from './bot.js';

/** Credentials of an account. */
export interface Account {
  email: string;
  apiKey: string;
  userId: number;
}

/**
 * Starts the echo bot, sends it `text` as `sender`, waits for its answer, stops the bot,
 * and returns the answer with the number of messages the bot answered.
 */
export async function askEchoBot(site: string, bot: Account, sender: Account, text: string): Promise<{ reply: string | undefined; answered: number }> {
  const stop = new AbortController();
  let ready!: () => void;
  const registered = new Promise<void>((resolve) => (ready = resolve));
  const running = runEchoBot({ site, email: bot.email, apiKey: bot.apiKey, signal: stop.signal, onReady: ready });
  await registered;
  const client = createClient({ site, email: sender.email, apiKey: sender.apiKey });
  const { id } = await client.messages.send({ type: 'direct', to: [bot.userId], content: text });
  const narrow = [{ operator: 'dm', operand: [bot.userId] }];
  let reply: string | undefined;
  for (let i = 0; i < 100 && reply === undefined; i += 1) {
    const { messages } = await client.messages.list({ anchor: String(id), include_anchor: false, num_before: 0, num_after: 5, narrow, apply_markdown: false });
    reply = messages.find((m) => m.sender_id === bot.userId)?.content;
    if (reply === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  stop.abort();
  return { reply, answered: await running };
}
