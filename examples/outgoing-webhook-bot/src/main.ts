import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startWebhookBot } from './webhook-bot.js';

// npm start -w examples/outgoing-webhook-bot -- --zuliprc ./zuliprc-echo --port 8080
const { values } = parseArgs({ options: { zuliprc: { type: 'string' }, token: { type: 'string' }, port: { type: 'string' } } });
const token = values.token ?? (values.zuliprc ? /^token=(.*)$/m.exec(readFileSync(values.zuliprc, 'utf8'))?.[1] : undefined);
if (!token) {
  process.stderr.write('outgoing-webhook bot: give --zuliprc FILE (written by `teamchat bots create … --zuliprc FILE`) or --token TOKEN\n');
  process.exit(2);
}
const bot = await startWebhookBot({ token, port: Number(values.port ?? 8080) });
process.stdout.write(`outgoing-webhook bot listening on ${bot.url}\n`);
