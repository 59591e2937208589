import { deleteTopicUntilDone } from '@teamchat/client-sdk';
import { endpoints } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { printDryRun } from '../../core/format-dry-run.js';
import { formatTable } from '../../core/format-table.js';
import { resolveChannelId } from '../../core/resolve-names.js';
import { examples, writeOptions, type WriteOptions } from '../../core/send-write.js';

function listCommand(ctx: CliContext): Command {
  const command = new Command('list')
    .description('list the topics of a channel, most recent first (GET /users/me/{stream_id}/topics)')
    .requiredOption('--channel <channel>', 'channel ID or name')
    .action(async (options: { channel: string }) => {
      const client = ctx.client();
      const result = await client.channels.listTopics({ stream_id: await resolveChannelId(client, options.channel, '--channel'), allow_empty_topic_name: true });
      ctx.print(result, () =>
        formatTable(result.topics, [
          { header: 'topic', value: (topic) => topic.name, maxWidth: 60 },
          { header: 'last message', value: (topic) => String(topic.max_id), align: 'right' },
        ]),
      );
    });
  return examples(command, 'teamchat topics list --channel general');
}

interface DeleteOptions extends WriteOptions {
  channel: string;
  topic: string;
}

function deleteCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('delete')
      .description('delete a topic and its messages (POST /streams/{id}/delete_topic, repeated until the server says complete)')
      .requiredOption('--channel <channel>', 'channel ID or name')
      .requiredOption('--topic <topic>', 'topic name'),
    true,
  ).action(async (options: DeleteOptions) => {
    const client = ctx.client();
    const streamId = await resolveChannelId(client, options.channel, '--channel');
    const params = { stream_id: streamId, topic_name: options.topic };
    if (options.dryRun) {
      printDryRun(ctx, endpoints['channels.deleteTopic'], params);
      return;
    }
    await ctx.confirm(`Delete the topic "${options.topic}" of channel ${options.channel} and all its messages?`, options.yes);
    // Each request deletes batches until the server's time budget is spent; a large topic takes several.
    const progress = ctx.progress();
    const what = `topic "${options.topic}" in channel ${streamId}`;
    const { requests } = await deleteTopicUntilDone(client, {
      ...params,
      onProgress: ({ requests: made, complete }) => progress.update(`deleting ${what}: request ${made} ${complete ? 'finished it' : 'deleted a part; continuing'}`),
    });
    progress.done();
    ctx.print({ stream_id: streamId, topic_name: options.topic, requests, complete: true }, () => `Deleted ${what} (${requests} request(s))\n`);
  });
  return examples(command, 'teamchat topics delete --channel general --topic "old logs" --yes');
}

/**
 * `teamchat topics …`: the topics of a channel; deleting one with its messages.
 *
 * @example
 * teamchat topics delete --channel general --topic "old logs" --yes
 */
export function topicsCommand(ctx: CliContext): Command {
  return new Command('topics').description('topics of a channel: list, delete').addCommand(listCommand(ctx)).addCommand(deleteCommand(ctx));
}
