import { resolve } from 'node:path';
import { defineCommand } from '../command-line/command-spec.js';
import { integerValue } from '../command-line/option-table.js';
import { outboxEmails, type Db, type EmailRecord } from '../core/index.js';
import { readDiskStore } from '../store/disk/read-disk-store.js';

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
 * `teamchat-server outbox`: the emails of a data file's email outbox, as text or JSON. Reads
 * the data file without taking it (a server may run on it).
 */
export const outboxCommand = defineCommand({
  name: 'outbox',
  summary: 'print the emails the server sent (it delivers none), oldest first',
  description:
    "Invitations, email-change confirmations and notices are kept in the data file's email outbox.\nWorks while a server runs on the data file.",
  options: {
    data: { flags: '--data <file>', help: 'the data file', default: '.teamchat/data.json' },
    to: { flags: '--to <address>', help: 'only emails to ADDRESS' },
    last: { flags: '--last <n>', help: 'only the newest N', parse: integerValue({ min: 1 }) },
    json: { flags: '--json', help: 'one JSON document ({"emails": [...]}) instead of text' },
  },
  examples: [
    'teamchat-server outbox --data .teamchat/data.json --last 1',
    'teamchat-server outbox --to iago@example.com --json',
  ],
  async run(values) {
    const dataFile = resolve(values.data);
    const store = await readDiskStore<Db>(dataFile);
    const emails = outboxEmails(store, {
      ...(values.to === undefined ? {} : { to: values.to }),
      ...(values.last === undefined ? {} : { last: values.last }),
    });
    if (values.json) process.stdout.write(`${JSON.stringify({ emails }, null, 2)}\n`);
    else if (emails.length === 0) process.stdout.write(`No emails in the outbox of ${dataFile}.\n`);
    else process.stdout.write(emails.map(formatEmail).join('\n'));
  },
});
