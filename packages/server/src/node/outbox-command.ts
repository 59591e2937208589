import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { outboxEmails, type Db, type EmailRecord } from '../core/index.js';
import { readDiskStore } from '../store/disk/read-disk-store.js';

/** Help of `teamchat-server outbox`. */
const OUTBOX_HELP = `Usage: teamchat-server outbox [--data FILE] [--to ADDRESS] [--last N] [--json]

Prints the emails the server sent (it delivers none: invitations, email-change confirmations
and notices are kept in the data file's email outbox), oldest first. Works while a server
runs on the data file.

Options:
  --data FILE     the data file (default .teamchat/data.json)
  --to ADDRESS    only emails to ADDRESS
  --last N        only the newest N
  --json          one JSON document ({"emails": [...]}) instead of text
  -h, --help      show this help
`;

function formatEmail(email: EmailRecord): string {
  return [
    `#${email.id} ${new Date(email.sent_at).toISOString()} ${email.template}`,
    `From: ${email.from}`,
    `To: ${email.to.join(', ')}`,
    `Subject: ${email.subject}`,
    '',
    email.body,
    '',
  ].join('\n');
}

/**
 * `teamchat-server outbox ARGS`: the emails of a data file's email outbox, as text or JSON.
 * Answers what to print; throws an `Error` with one line for the operator.
 */
export async function outboxCommand(argv: string[]): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: { data: { type: 'string' }, to: { type: 'string' }, last: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) return OUTBOX_HELP;
  if (values.last !== undefined && !/^[1-9]\d*$/.test(values.last)) throw new Error(`--last must be a positive integer, got '${values.last}'`);
  const dataFile = resolve(values.data ?? '.teamchat/data.json');
  const store = await readDiskStore<Db>(dataFile);
  const emails = outboxEmails(store, { ...(values.to === undefined ? {} : { to: values.to }), ...(values.last === undefined ? {} : { last: Number(values.last) }) });
  if (values.json) return `${JSON.stringify({ emails }, null, 2)}\n`;
  if (emails.length === 0) return `No emails in the outbox of ${dataFile}.\n`;
  return emails.map(formatEmail).join('\n');
}
