import type { Client } from '@teamchat/client-sdk';
import { resolveUserIds, splitList } from '../../core/resolve-names.js';

/**
 * Turns `--subscribers 4,5,mike@example.com` into user IDs (see `resolveUserIds`), the caller
 * (GET /users/me) added unless `join` is false; without the option, the caller alone, since
 * the API needs the list. The real server's web app does the same: the creator is checked in
 * the list of subscribers by default, and a private channel without them would leave the
 * creator's own `channels list` at once.
 *
 * @throws {CliError} (usage) for an entry that is neither an ID nor a known email.
 */
export async function resolveSubscribers(client: Client, list: string | undefined, join = true): Promise<number[]> {
  const me = async (): Promise<number> => (await client.users.me()).user_id;
  if (list === undefined) return [await me()];
  const ids = await resolveUserIds(client, splitList(list), '--subscribers');
  if (!join) return ids;
  const own = await me();
  return ids.includes(own) ? ids : [own, ...ids];
}
