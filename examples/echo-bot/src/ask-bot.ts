import { createClient } from '@teamchat/client-sdk';
import { runEchoBot, type EchoBotOptions } from './bot.js';

/** Credentials of an account. */
export interface Account {
  email: string;
  apiKey: string;
  userId: number;
}

/** Options of the bot that {@link askEchoBot} starts, besides its credentials. */
export type AskBotOptions = Pick<EchoBotOptions, 'log' | 'fetch'>;

/**
 * Starts the echo bot, sends it each of `texts` as `sender`, waits for the answer to the last
 * one, stops the bot, and returns that answer with the number of messages the bot answered.
 * Rejects, instead of waiting forever, when the bot fails before it is ready (bad
 * credentials, server down).
 */
export async function askEchoBot(
  site: string,
  bot: Account,
  sender: Account,
  texts: string | readonly string[],
  botOptions: AskBotOptions = {},
): Promise<{ reply: string | undefined; answered: number }> {
  const stop = new AbortController();
  let ready!: () => void;
  const registered = new Promise<void>((resolve) => (ready = resolve));
  const running = runEchoBot({
    ...botOptions,
    site,
    email: bot.email,
    apiKey: bot.apiKey,
    signal: stop.signal,
    onReady: ready,
  });
  const endedEarly = running.then((answered) => {
    throw new Error(`the echo bot stopped before it was ready (answered ${answered})`);
  });
  try {
    // Whichever comes first: the bot's queue is registered, or the bot fails (its error).
    await Promise.race([registered, endedEarly]);
    const client = createClient({ site, email: sender.email, apiKey: sender.apiKey });
    let lastId = 0;
    for (const text of typeof texts === 'string' ? [texts] : texts) {
      lastId = (await client.messages.send({ type: 'direct', to: [bot.userId], content: text })).id;
    }
    const narrow = [{ operator: 'dm', operand: [bot.userId] }];
    let reply: string | undefined;
    for (let i = 0; i < 100 && reply === undefined; i += 1) {
      const { messages } = await client.messages.list({
        anchor: String(lastId),
        include_anchor: false,
        num_before: 0,
        num_after: 5,
        narrow,
        apply_markdown: false,
      });
      reply = messages.find((m) => m.sender_id === bot.userId)?.content;
      if (reply === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    stop.abort();
    return { reply, answered: await running };
  } finally {
    stop.abort();
    // `endedEarly` rejects once the bot has stopped; that is expected after the race.
    endedEarly.catch(() => {});
  }
}
