import type { Client } from '@teamchat/client-sdk';
import { isApiError } from '@teamchat/schema';
import { InvalidArgumentError } from 'commander';
import { CliError } from './cli-error.js';

const ID = /^\d+$/;

/** A numeric ID argument (`linkifiers remove 3`), for commander's argument parser. */
export function parseId(text: string): number {
  if (!ID.test(text.trim())) throw new InvalidArgumentError('expected a numeric ID');
  return Number(text);
}

/** Numeric ID arguments collected in order (`reorder 2 1 3`), for commander's variadic arguments. */
export function collectIds(text: string, previous: readonly number[] = []): number[] {
  return [...previous, parseId(text)];
}

/** Splits `4,5,mike@example.com` (and repeated options) into trimmed, non-empty entries. */
export function splitList(values: string | readonly string[]): string[] {
  return (typeof values === 'string' ? [values] : values)
    .flatMap((value) => value.split(','))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * Turns user IDs and emails into user IDs, in order, without duplicates. Emails are looked up
 * in GET /users (API email or real email, case-insensitive) only when one is given.
 *
 * @throws {CliError} (usage) for an entry that is neither an ID nor a known email.
 */
export async function resolveUserIds(client: Client, entries: readonly string[], option: string): Promise<number[]> {
  for (const entry of entries) {
    if (!ID.test(entry) && !entry.includes('@')) {
      throw new CliError('usage', `${option}: '${entry}' is neither a user ID nor an email`, {
        hint: `give IDs and emails separated by commas: ${option} 4,5,mike@example.com`,
      });
    }
  }
  const idsByEmail = new Map<string, number>();
  if (entries.some((entry) => !ID.test(entry))) {
    for (const user of (await client.users.list()).members) {
      idsByEmail.set(user.email.toLowerCase(), user.user_id);
      if (user.delivery_email) idsByEmail.set(user.delivery_email.toLowerCase(), user.user_id);
    }
  }
  const ids = entries.map((entry) => {
    if (ID.test(entry)) return Number(entry);
    const id = idsByEmail.get(entry.toLowerCase());
    if (id === undefined)
      throw new CliError('usage', `${option}: no user has the email ${entry}`, {
        hint: 'teamchat users list shows every user and email',
      });
    return id;
  });
  return [...new Set(ids)];
}

/** One user, by ID or email. */
export async function resolveUserId(client: Client, entry: string, option = 'user'): Promise<number> {
  const [id] = await resolveUserIds(client, [entry.trim()], option);
  if (id === undefined) throw new CliError('usage', `${option}: give a user ID or an email`);
  return id;
}

/**
 * A channel by ID or name: its ID, from GET /get_stream_id for a name. That answers only for
 * channels whose messages the caller may read; a name it does not know is then looked up
 * among every channel whose metadata the caller may see (GET /streams with `include_all`,
 * archived ones too), so an administrator finds a private channel they are not subscribed to,
 * as `channels list --all` shows it.
 *
 * @throws {CliError} (usage) for a name no channel you can see has.
 */
export async function resolveChannelId(client: Client, entry: string, option = 'channel'): Promise<number> {
  const spec = entry.trim().replace(/^#/, '');
  if (ID.test(spec)) return Number(spec);
  try {
    return (await client.channels.getId({ stream: spec })).stream_id;
  } catch (error) {
    if (!isApiError(error) || error.code !== 'BAD_REQUEST') throw error;
    const { streams } = await client.channels.list({ include_all: true, exclude_archived: false });
    const channel =
      streams.find((candidate) => candidate.name === spec) ??
      streams.find((candidate) => candidate.name.toLowerCase() === spec.toLowerCase());
    if (channel) return channel.stream_id;
    throw new CliError('usage', `${option}: no channel named '${spec}' that you can see`, {
      hint: 'teamchat channels list --all shows the channels',
      cause: error,
    });
  }
}

/**
 * A user group by ID or name (GET /user_groups, deactivated groups included).
 *
 * @throws {CliError} (usage) for an unknown name.
 */
export async function resolveGroupId(client: Client, entry: string, option = 'group'): Promise<number> {
  const spec = entry.trim();
  if (ID.test(spec)) return Number(spec);
  const { user_groups: groups } = await client.userGroups.list({ include_deactivated_groups: true });
  const group =
    groups.find((candidate) => candidate.name === spec) ??
    groups.find((candidate) => candidate.name.toLowerCase() === spec.toLowerCase());
  if (!group)
    throw new CliError('usage', `${option}: no user group named '${spec}'`, {
      hint: 'teamchat groups list shows the groups',
    });
  return group.id;
}
