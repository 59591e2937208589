import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutgoingWebhookPayload, type OutgoingWebhookReply } from '@teamchat/schema';

/** Options of {@link startWebhookBot}. */
export interface WebhookBotOptions {
  /**
   * The bot's service token (`token=` of its zuliprc), or a function answering it (a bot whose
   * account is made after its server starts): requests carrying another are refused.
   */
  token: string | (() => string);
  port?: number;
  host?: string;
  /** What to answer a notification (default: echo the text without the mention). */
  answer?: (payload: OutgoingWebhookPayload) => OutgoingWebhookReply;
  log?: (line: string) => void;
}

/** The text of a notification without the bot's mention: `@**Echo Bot** hi` → `hi`. */
export function withoutMention(payload: OutgoingWebhookPayload): string {
  return payload.data.replace(`@**${payload.bot_full_name}**`, '').trim();
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * An outgoing-webhook bot: a node:http server the chat server POSTs to when the bot is
 * mentioned (`trigger: "mention"`) or sent a direct message (`"direct_message"`). It checks
 * the `token`, validates the payload with the schema the server uses, and answers
 * `{"content": …}`, which the server posts as the bot's reply in the same conversation.
 *
 * @example
 * const bot = await startWebhookBot({ token, port: 8080 });
 * // teamchat bots create "Echo Bot" echo --type outgoing --url http://127.0.0.1:8080/
 */
export async function startWebhookBot(options: WebhookBotOptions) {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const answer =
    options.answer ?? ((payload: OutgoingWebhookPayload) => ({ content: `echo: ${withoutMention(payload)}` }));
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST') return send(response, 405, { error: 'POST only' });
      let payload: OutgoingWebhookPayload;
      try {
        payload = OutgoingWebhookPayload.parse(JSON.parse(await read(request)));
      } catch {
        return send(response, 400, { error: 'not an outgoing-webhook payload' });
      }
      if (payload.token !== (typeof options.token === 'string' ? options.token : options.token())) {
        log(`webhook bot: refused a request with the wrong token (message ${payload.message.id})`);
        return send(response, 403, { error: 'wrong token' });
      }
      log(`webhook bot: ${payload.trigger} from ${payload.message.sender_full_name}: ${payload.data}`);
      send(response, 200, answer(payload));
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
