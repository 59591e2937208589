import type { Client } from '@teamchat/client-sdk';
import { resolveUserIds, splitList } from '../../core/resolve-names.js';

/**
 * Turns `--subscribers 4,5,mike@example.com` into user IDs (see `resolveUserIds`); without the
 * option, the channel's only subscriber is the caller (GET /users/me), since the API needs the
 * list.
 *
 * @throws {CliError} (usage) for an entry that is neither an ID nor a known email.
 */
export async function resolveSubscribers(client: Client, list: string | undefined): Promise<number[]> {
  if (list === undefined) return [(await client.users.me()).user_id];
  return resolveUserIds(client, splitList(list), '--subscribers');
}
