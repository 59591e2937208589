import { deleteTopicUntilDone } from '@teamchat/client-sdk';
import { endpoints } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { CliError } from '../../core/cli-error.js';
import { printDryRun } from '../../core/format-dry-run.js';
import { formatTable } from '../../core/format-table.js';
import { resolveChannelId } from '../../core/resolve-names.js';
import { examples, sendWrite, writeOptions, type WriteOptions } from '../../core/send-write.js';

function listCommand(ctx: CliContext): Command {
  const command = new Command('list')
    .description('list the topics of a channel, most recent first (GET /users/me/{stream_id}/topics)')
    .requiredOption('--channel <channel>', 'channel ID or name')
    .action(async (options: { channel: string }) => {
      const client = ctx.client();
      const result = await client.channels.listTopics({
        stream_id: await resolveChannelId(client, options.channel, '--channel'),
        allow_empty_topic_name: true,
      });
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
      .description(
        'delete a topic and its messages (POST /streams/{id}/delete_topic, repeated until the server says complete)',
      )
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
    await ctx.confirm(
      `Delete the topic "${options.topic}" of channel ${options.channel} and all its messages?`,
      options.yes,
    );
    // Each request deletes batches until the server's time budget is spent; a large topic takes several.
    const progress = ctx.progress();
    const what = `topic "${options.topic}" in channel ${streamId}`;
    const { requests } = await deleteTopicUntilDone(client, {
      ...params,
      onProgress: ({ requests: made, complete }) =>
        progress.update(`deleting ${what}: request ${made} ${complete ? 'finished it' : 'deleted a part; continuing'}`),
    });
    progress.done();
    ctx.print(
      { stream_id: streamId, topic_name: options.topic, requests, complete: true },
      () => `Deleted ${what} (${requests} request(s))\n`,
    );
  });
  return examples(command, 'teamchat topics delete --channel general --topic "old logs" --yes');
}

interface RenameOptions extends WriteOptions {
  channel: string;
  topic: string;
  notify?: boolean;
}

/** The newest message of a topic (GET /messages narrowed to it), or a usage error. */
async function newestMessageOf(ctx: CliContext, streamId: number, topic: string, channel: string): Promise<number> {
  const { messages } = await ctx.client().messages.list({
    anchor: 'newest',
    num_before: 1,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: streamId },
      { operator: 'topic', operand: topic },
    ],
    allow_empty_topic_name: true,
  });
  const newest = messages.at(-1);
  if (!newest)
    throw new CliError('usage', `no topic "${topic}" with messages in channel ${channel}`, {
      hint: `teamchat topics list --channel ${channel} shows its topics`,
    });
  return newest.id;
}

function renameCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('rename')
      .description(
        'rename a topic: move all its messages to the new name (PATCH /messages/{id} with propagate_mode=change_all)',
      )
      .requiredOption('--channel <channel>', 'channel ID or name')
      .requiredOption('--topic <topic>', 'the topic to rename')
      .argument('<new-name>', 'the new topic name (an existing topic of that name gets the messages too)')
      .option(
        '--no-notify',
        'post no notice about the move in the topic (by default the server posts one in the new topic)',
      ),
  ).action(async (newName: string, options: RenameOptions) => {
    const client = ctx.client();
    const streamId = await resolveChannelId(client, options.channel, '--channel');
    const messageId = await newestMessageOf(ctx, streamId, options.topic, options.channel);
    const params = {
      message_id: messageId,
      topic: newName,
      propagate_mode: 'change_all' as const,
      ...(options.notify === false
        ? { send_notification_to_old_thread: false, send_notification_to_new_thread: false }
        : {}),
    };
    await sendWrite(
      ctx,
      'messages.update',
      params,
      options,
      () => `Renamed topic "${options.topic}" to "${newName}" in channel ${streamId}\n`,
    );
  });
  return examples(command, 'teamchat topics rename --channel general --topic "relase notes" "release notes"');
}

/**
 * `teamchat topics …`: the topics of a channel; renaming one; deleting one with its messages.
 *
 * @example
 * teamchat topics rename --channel general --topic "relase notes" "release notes"
 * teamchat topics delete --channel general --topic "old logs" --yes
 */
export function topicsCommand(ctx: CliContext): Command {
  return new Command('topics')
    .description('topics of a channel: list, rename, delete')
    .addCommand(listCommand(ctx))
    .addCommand(renameCommand(ctx))
    .addCommand(deleteCommand(ctx));
}
