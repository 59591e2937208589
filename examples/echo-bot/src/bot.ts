import { createClient, watchEvents } from '@teamchat/client-sdk';

interface IncomingMessage {
  id: number;
  type: string;
  sender_id: number;
  content: string;
  display_recipient: string | { id: number }[];
}

/**
 * Runs the echo bot until `signal` aborts: every direct message sent to it is answered with
 * the same text, to the same conversation. It watches the event stream (register, long poll,
 * re-register when the queue is lost) through `watchEvents`.
 */
export async function runEchoBot(options: { site: string; email: string; apiKey: string; signal: AbortSignal; onReady?: () => void }): Promise<number> {
  const client = createClient({ site: options.site, email: options.email, apiKey: options.apiKey });
  const me = await client.users.me();
  let answered = 0;
  const events = watchEvents(client, {
    register: { event_types: ['message'], apply_markdown: false },
    signal: options.signal,
    onRegister: () => options.onReady?.(),
  });
  for await (const event of events) {
    const message = event['message'] as IncomingMessage | undefined;
    if (event.type !== 'message' || !message || message.type !== 'private' || message.sender_id === me.user_id) continue;
    const to = Array.isArray(message.display_recipient) ? message.display_recipient.map((r) => r.id).filter((id) => id !== me.user_id) : [];
    await client.messages.send({ type: 'direct', to, content: `echo: ${message.content}` });
    answered += 1;
  }
  return answered;
}
