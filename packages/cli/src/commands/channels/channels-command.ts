import type { Client } from '@teamchat/client-sdk';
import { endpoints, type Channel, type EndpointInput, type Endpoints } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { printDryRun } from '../../core/format-dry-run.js';
import { formatTable, yesNo, type Column } from '../../core/format-table.js';
import { resolveChannelId, resolveUserIds, splitList } from '../../core/resolve-names.js';
import { examples, sendWrite, writeOptions, type WriteOptions } from '../../core/send-write.js';
import { resolveSubscribers } from './resolve-subscribers.js';

interface ListOptions {
  all?: boolean;
  archived?: boolean;
  webPublic?: boolean;
  default?: boolean;
  subscribedOnly?: boolean;
}

interface CreateOptions {
  description?: string;
  private?: boolean;
  subscribers?: string;
  /** `--no-join` sets it false: the creator stays out of `--subscribers`. */
  join?: boolean;
  announce?: boolean;
  webPublic?: boolean;
  default?: boolean;
  dryRun?: boolean;
}

function channelColumns(options: ListOptions): Column<Channel>[] {
  return [
    { header: 'id', value: (channel) => String(channel.stream_id), align: 'right' },
    { header: 'name', value: (channel) => channel.name, maxWidth: 40 },
    { header: 'private', value: (channel) => yesNo(channel.invite_only) },
    { header: 'web-public', value: (channel) => yesNo(channel.is_web_public) },
    ...(options.default ? [{ header: 'default', value: (channel: Channel) => yesNo(channel.is_default) }] : []),
    ...(options.archived ? [{ header: 'archived', value: (channel: Channel) => yesNo(channel.is_archived) }] : []),
    { header: 'subscribers', value: (channel) => String(channel.subscriber_count), align: 'right' },
    { header: 'description', value: (channel) => channel.description, maxWidth: 50 },
  ];
}

function listCommand(ctx: CliContext): Command {
  return new Command('list')
    .description('list the channels you can see (GET /streams)')
    .option('--all', 'every channel you may see the metadata of (for administrators: all of them)')
    .option('--archived', 'include archived channels')
    .option('--web-public', 'include web-public channels')
    .option('--default', 'add a DEFAULT column (channels new users join)')
    .option('--subscribed-only', 'only channels you are subscribed to')
    .addHelpText('after', '\nExample:\n  teamchat channels list --all --archived')
    .action(async (options: ListOptions) => {
      const params: EndpointInput<Endpoints['channels.list']> = {};
      if (options.all) params.include_all = true;
      if (options.archived) params.exclude_archived = false;
      if (options.webPublic) params.include_web_public = true;
      if (options.default) params.include_default = true;
      if (options.subscribedOnly) params.include_public = false;
      const result = await ctx.client().channels.list(params);
      const streams = [...result.streams].sort((a, b) => a.stream_id - b.stream_id);
      ctx.print({ ...result, streams }, () => formatTable(streams, channelColumns(options)));
    });
}

function createCommand(ctx: CliContext): Command {
  return new Command('create')
    .description('create a channel (POST /channels/create) and print its id')
    .argument('<name>', 'channel name')
    .option('--description <text>', 'description (Markdown)')
    .option('--private', 'invite-only channel')
    .option('--subscribers <list>', 'user IDs and emails, comma-separated; you are added to them (default: you alone)')
    .option(
      '--no-join',
      'with --subscribers: do not subscribe yourself (a private channel then leaves your `channels list`)',
    )
    .option('--announce', 'announce the new channel in the new-channels channel')
    .option('--web-public', 'readable by anyone on the web')
    .option('--default', 'a default channel: new users join it')
    .option('--dry-run', 'print the request instead of sending it')
    .addHelpText(
      'after',
      '\nExample:\n  teamchat channels create design --description "Design reviews" --subscribers 4,maya@example.com',
    )
    .action(async (name: string, options: CreateOptions) => {
      const client = ctx.client();
      const params: EndpointInput<Endpoints['channels.create']> = {
        name,
        subscribers: await resolveSubscribers(client, options.subscribers, options.join !== false),
      };
      if (options.description !== undefined) params.description = options.description;
      if (options.private) params.invite_only = true;
      if (options.announce) params.announce = true;
      if (options.webPublic) params.is_web_public = true;
      if (options.default) params.is_default_stream = true;
      if (options.dryRun) {
        printDryRun(ctx, endpoints['channels.create'], params);
        return;
      }
      const result = await client.channels.create(params);
      ctx.print(result, () => `Created channel ${name} with id ${result.id}\n`);
    });
}

/** Channel names for a subscription request, checked to exist (the API would create a missing one). */
async function channelNames(client: Client, specs: readonly string[]): Promise<string[]> {
  const names: string[] = [];
  for (const spec of specs)
    names.push((await client.channels.get({ stream_id: await resolveChannelId(client, spec) })).stream.name);
  return names;
}

function membersCommand(ctx: CliContext): Command {
  const command = new Command('members')
    .description('list the subscribers of a channel (GET /streams/{id}/members)')
    .argument('<channel>', 'channel ID or name')
    .action(async (spec: string) => {
      const client = ctx.client();
      const { subscribers } = await client.channels.listSubscribers({
        stream_id: await resolveChannelId(client, spec),
      });
      const users = new Map((await client.users.list()).members.map((user) => [user.user_id, user]));
      const sorted = [...subscribers].sort((a, b) => a - b);
      ctx.print({ subscribers: sorted }, () =>
        formatTable(sorted, [
          { header: 'id', value: (id) => String(id), align: 'right' },
          { header: 'name', value: (id) => users.get(id)?.full_name ?? '' },
          {
            header: 'email',
            value: (id) => {
              const user = users.get(id);
              return user ? (user.delivery_email ?? user.email) : '';
            },
          },
        ]),
      );
    });
  return examples(command, 'teamchat channels members general');
}

interface SubscribeOptions extends WriteOptions {
  users?: string;
}

/** The channels named by `specs` and the users of `--users` (undefined: the caller), resolved to names and IDs. */
async function subscriptionTargets(
  ctx: CliContext,
  specs: string[],
  options: SubscribeOptions,
): Promise<{ names: string[]; principals: number[] | undefined }> {
  const client = ctx.client();
  const names = await channelNames(client, specs);
  const principals =
    options.users === undefined ? undefined : await resolveUserIds(client, splitList(options.users), '--users');
  return { names, principals };
}

function subscribeCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('subscribe')
      .description('subscribe users to existing channels (POST /users/me/subscriptions with principals)')
      .argument('<channels...>', 'channel IDs or names')
      .option('--users <list>', 'user IDs and emails, comma-separated (default: you)'),
  ).action(async (specs: string[], options: SubscribeOptions) => {
    const { names, principals } = await subscriptionTargets(ctx, specs, options);
    const params = { subscriptions: names.map((name) => ({ name })), ...(principals ? { principals } : {}) };
    await sendWrite(ctx, 'channels.subscribe', params, options, (result) => {
      const count = (byUser: Record<string, string[]>) =>
        Object.values(byUser).reduce((sum, list) => sum + list.length, 0);
      return `Subscribed: ${count(result.subscribed)} new subscription(s), ${count(result.already_subscribed)} already there\n`;
    });
  });
  return examples(command, 'teamchat channels subscribe engineering --users mike@teamchat.example,5');
}

function unsubscribeCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('unsubscribe')
      .description('unsubscribe users from channels (DELETE /users/me/subscriptions with principals)')
      .argument('<channels...>', 'channel IDs or names')
      .option('--users <list>', 'user IDs and emails, comma-separated (default: you)'),
  ).action(async (specs: string[], options: SubscribeOptions) => {
    const { names, principals } = await subscriptionTargets(ctx, specs, options);
    const params = { subscriptions: names, ...(principals ? { principals } : {}) };
    await sendWrite(
      ctx,
      'channels.unsubscribe',
      params,
      options,
      (result) => `Removed ${result.removed.length} subscription(s); ${result.not_removed.length} were not there\n`,
    );
  });
  return examples(command, 'teamchat channels unsubscribe engineering --users mike@teamchat.example');
}

/**
 * `teamchat channels …`: list and create channels, their subscribers.
 *
 * @example
 * teamchat channels list --all
 * teamchat channels create design --private --subscribers 4,mike@example.com
 */
export function channelsCommand(ctx: CliContext): Command {
  return new Command('channels')
    .description('channels (streams) of the organization: list, create, members, subscribe, unsubscribe')
    .addCommand(listCommand(ctx))
    .addCommand(createCommand(ctx))
    .addCommand(membersCommand(ctx))
    .addCommand(subscribeCommand(ctx))
    .addCommand(unsubscribeCommand(ctx));
}
