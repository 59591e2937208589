import { applyEvent, createClient, watchEvents, type ClientOptions, type RegisterState } from '@teamchat/client-sdk';

/** Options of {@link runEchoBot}. */
export interface EchoBotOptions {
  site: string;
  email: string;
  apiKey: string;
  /** Stops the bot. */
  signal: AbortSignal;
  /** Called once the bot's event queue is registered: messages sent from then on are answered. */
  onReady?: () => void;
  /** Where the bot reports an answer it could not send (default `console.error`). */
  log?: (line: string) => void;
  /** The fetch of the bot's client (default the global one; tests inject failures through it). */
  fetch?: ClientOptions['fetch'];
}

/**
 * Runs the echo bot until `signal` aborts: every direct message sent to it is answered with
 * the same text, to the same conversation, and it resolves with the number of answers sent.
 * It watches the event stream (register, long poll, re-register when the queue is lost)
 * through `watchEvents`, and keeps the state POST /register gave it current with
 * `applyEvent`: its own identity (`user_id`) and its unread messages, each direct message
 * marked read once answered. An answer that cannot be sent is logged and the bot goes on.
 */
export async function runEchoBot(options: EchoBotOptions): Promise<number> {
  const log = options.log ?? ((line: string) => console.error(line));
  const client = createClient({
    site: options.site,
    email: options.email,
    apiKey: options.apiKey,
    fetch: options.fetch,
  });
  let answered = 0;
  let state: RegisterState | undefined;
  const events = watchEvents(client, {
    // The identity comes from `realm_user`, the unread messages from `message` + `update_message_flags`.
    register: { event_types: ['message', 'update_message_flags', 'realm_user'], apply_markdown: false },
    signal: options.signal,
    onRegister: (fresh) => {
      state = fresh;
      options.onReady?.();
    },
  });
  for await (const event of events) {
    if (!state) continue;
    applyEvent(state, event);
    const me = state['user_id'];
    // Narrowed by its type, the event's `message` is a Message.
    if (event.type !== 'message') continue;
    const { message } = event;
    if (message.type !== 'private' || message.sender_id === me) continue;
    const to = Array.isArray(message.display_recipient)
      ? message.display_recipient.map((r) => r.id).filter((id) => id !== me)
      : [];
    try {
      await client.messages.send({ type: 'direct', to, content: `echo: ${message.content}`, read_by_sender: true });
      await client.messages.updateFlags({ messages: [message.id], op: 'add', flag: 'read' });
      answered += 1;
    } catch (error) {
      // One failed answer (a deactivated sender, a rate limit after the retries) must not end the bot.
      log(
        `echo bot: could not answer message ${message.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return answered;
}
