import type { Channel } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { formatTable, type Column } from '../../core/format-table.js';
import { resolveChannelId } from '../../core/resolve-names.js';
import { examples, sendWrite, writeOptions, type WriteOptions } from '../../core/send-write.js';

const COLUMNS: readonly Column<Channel>[] = [
  { header: 'id', value: (channel) => String(channel.stream_id), align: 'right' },
  { header: 'name', value: (channel) => channel.name },
  { header: 'subscribers', value: (channel) => String(channel.subscriber_count), align: 'right' },
];

function listCommand(ctx: CliContext): Command {
  const command = new Command('list')
    .description('list the default channels: the ones new users join (GET /streams with include_default)')
    .action(async () => {
      const result = await ctx.client().channels.list({ include_all: true, include_default: true });
      const streams = result.streams
        .filter((channel) => channel.is_default === true)
        .sort((a, b) => a.stream_id - b.stream_id);
      ctx.print({ streams }, () => formatTable(streams, COLUMNS));
    });
  return examples(command, 'teamchat default-channels list');
}

function changeCommand(ctx: CliContext, verb: 'add' | 'remove'): Command {
  const command = writeOptions(
    new Command(verb)
      .description(
        `${verb === 'add' ? 'make a channel a default channel (POST /default_streams)' : 'stop a channel being a default channel (DELETE /default_streams)'}; administrators`,
      )
      .argument('<channel>', 'channel ID or name'),
  ).action(async (spec: string, options: WriteOptions) => {
    const streamId = await resolveChannelId(ctx.client(), spec);
    await sendWrite(
      ctx,
      verb === 'add' ? 'defaultChannels.add' : 'defaultChannels.remove',
      { stream_id: streamId },
      options,
      () =>
        verb === 'add'
          ? `Channel ${streamId} is now a default channel\n`
          : `Channel ${streamId} is no longer a default channel\n`,
    );
  });
  return examples(command, `teamchat default-channels ${verb} engineering`);
}

/**
 * `teamchat default-channels …`: the channels every new user is subscribed to.
 *
 * @example
 * teamchat default-channels add engineering
 */
export function defaultChannelsCommand(ctx: CliContext): Command {
  return new Command('default-channels')
    .description('channels new users join: list, add, remove')
    .addCommand(listCommand(ctx))
    .addCommand(changeCommand(ctx, 'add'))
    .addCommand(changeCommand(ctx, 'remove'));
}
