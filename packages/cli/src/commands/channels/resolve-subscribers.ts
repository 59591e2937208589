import type { Client } from '@teamchat/client-sdk';
import { CliError } from '../../core/cli-error.js';

/**
 * Turns `--subscribers 4,5,mike@example.com` into user IDs. Emails are looked up in
 * GET /users (API email or real email, case-insensitive); without the option, the
 * channel's only subscriber is the caller (GET /users/me), since the API needs the list.
 *
 * @throws {CliError} (usage) for an entry that is neither an ID nor a known email.
 */
export async function resolveSubscribers(client: Client, list: string | undefined): Promise<number[]> {
  if (list === undefined) return [(await client.users.me()).user_id];
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const emails = entries.filter((entry) => !/^\d+$/.test(entry));
  for (const entry of emails) {
    if (!entry.includes('@')) {
      throw new CliError('usage', `--subscribers: '${entry}' is neither a user ID nor an email`, {
        hint: 'give IDs and emails separated by commas: --subscribers 4,5,mike@example.com',
      });
    }
  }
  const idsByEmail = new Map<string, number>();
  if (emails.length > 0) {
    for (const user of (await client.users.list()).members) {
      idsByEmail.set(user.email.toLowerCase(), user.user_id);
      if (user.delivery_email) idsByEmail.set(user.delivery_email.toLowerCase(), user.user_id);
    }
  }
  const ids = entries.map((entry) => {
    if (/^\d+$/.test(entry)) return Number(entry);
    const id = idsByEmail.get(entry.toLowerCase());
    if (id === undefined) {
      throw new CliError('usage', `--subscribers: no user has the email ${entry}`, { hint: 'teamchat users list shows every user and email' });
    }
    return id;
  });
  return [...new Set(ids)];
}
