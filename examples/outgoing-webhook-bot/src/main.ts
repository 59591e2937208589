import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startWebhookBot } from './webhook-bot.js';

// npm start -w examples/outgoing-webhook-bot -- --zuliprc ./zuliprc-echo --port 8080
const { values } = parseArgs({
  options: { zuliprc: { type: 'string' }, token: { type: 'string' }, port: { type: 'string' } },
});
// `npm start -w …` runs in the example's folder: a relative path is read from where npm was started.
const zuliprc =
  values.zuliprc === undefined ? undefined : resolve(process.env['INIT_CWD'] ?? process.cwd(), values.zuliprc);
const token = values.token ?? (zuliprc ? /^token=(.*)$/m.exec(readFileSync(zuliprc, 'utf8'))?.[1] : undefined);
if (!token) {
  process.stderr.write(
    'outgoing-webhook bot: give --zuliprc FILE (written by `teamchat bots create … --zuliprc FILE`) or --token TOKEN\n',
  );
  process.exit(2);
}
const bot = await startWebhookBot({ token, port: Number(values.port ?? 8080) });
process.stdout.write(`outgoing-webhook bot listening on ${bot.url}\n`);
