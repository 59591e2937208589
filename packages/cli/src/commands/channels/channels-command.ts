import { endpoints, type Channel, type EndpointInput, type Endpoints } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { printDryRun } from '../../core/format-dry-run.js';
import { formatTable, yesNo, type Column } from '../../core/format-table.js';
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
    .option('--subscribers <list>', 'user IDs and emails, comma-separated (default: you)')
    .option('--announce', 'announce the new channel in the new-channels channel')
    .option('--web-public', 'readable by anyone on the web')
    .option('--default', 'a default channel: new users join it')
    .option('--dry-run', 'print the request instead of sending it')
    .addHelpText('after', '\nExample:\n  teamchat channels create design --description "Design reviews" --subscribers 4,maya@example.com')
    .action(async (name: string, options: CreateOptions) => {
      const client = ctx.client();
      const params: EndpointInput<Endpoints['channels.create']> = {
        name,
        subscribers: await resolveSubscribers(client, options.subscribers),
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

/**
 * `teamchat channels …`: list and create channels.
 *
 * @example
 * teamchat channels list --all
 * teamchat channels create design --private --subscribers 4,mike@example.com
 */
export function channelsCommand(ctx: CliContext): Command {
  return new Command('channels').description('channels (streams) of the organization').addCommand(listCommand(ctx)).addCommand(createCommand(ctx));
}
