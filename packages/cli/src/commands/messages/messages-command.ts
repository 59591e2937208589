import { open, type FileHandle } from 'node:fs/promises';
import type { Message, NarrowElement } from '@teamchat/schema';
import { Command, InvalidArgumentError } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { CliError } from '../../core/cli-error.js';
import { formatTable } from '../../core/format-table.js';
import { splitList } from '../../core/resolve-names.js';
import { examples, sendWrite, writeOptions, type WriteOptions } from '../../core/send-write.js';

/** The largest page GET /messages serves (`num_before + num_after` ≤ 5000). */
const MAX_PAGE = 5000;

function count(max: number) {
  return (text: string): number => {
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || value < 1 || value > max)
      throw new InvalidArgumentError(`expected a whole number from 1 to ${max}`);
    return value;
  };
}

interface NarrowOptions {
  channel?: string;
  topic?: string;
  search?: string;
}

/** The narrow of `--channel`, `--topic` and `--search` (a channel by name or ID). */
function narrowOf(options: NarrowOptions): NarrowElement[] {
  if (options.topic !== undefined && options.channel === undefined)
    throw new CliError('usage', '--topic needs --channel');
  const narrow: NarrowElement[] = [];
  if (options.channel !== undefined) {
    const spec = options.channel.trim().replace(/^#/, '');
    narrow.push({ operator: 'channel', operand: /^\d+$/.test(spec) ? Number(spec) : spec });
  }
  if (options.topic !== undefined) narrow.push({ operator: 'topic', operand: options.topic });
  if (options.search !== undefined) narrow.push({ operator: 'search', operand: options.search });
  return narrow;
}

function narrowOptions(command: Command): Command {
  return command
    .option('--channel <channel>', 'only this channel (name or ID)')
    .option('--topic <topic>', 'only this topic (with --channel)')
    .option('--search <words>', 'only messages matching a full-text search');
}

/** `2026-01-05 09:00` (UTC) for a message's Unix timestamp. */
function when(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

function recipientOf(message: Message): string {
  if (typeof message.display_recipient === 'string') return `#${message.display_recipient} > ${message.subject}`;
  return message.display_recipient.map((recipient) => recipient.email).join(', ');
}

function listCommand(ctx: CliContext): Command {
  const command = narrowOptions(
    new Command('list').description('list the newest messages, oldest first (GET /messages; content as Markdown)'),
  )
    .option('--limit <n>', 'how many messages', count(MAX_PAGE), 20)
    .option('--before <id>', 'messages before this message ID instead of the newest', count(Number.MAX_SAFE_INTEGER))
    .action(async (options: NarrowOptions & { limit: number; before?: number }) => {
      const result = await ctx.client().messages.list({
        narrow: narrowOf(options),
        anchor: options.before === undefined ? 'newest' : String(options.before),
        include_anchor: options.before === undefined,
        num_before: options.limit,
        num_after: 0,
        apply_markdown: false,
      });
      ctx.print(result, () =>
        formatTable(result.messages, [
          { header: 'id', value: (message) => String(message.id), align: 'right' },
          { header: 'date (utc)', value: (message) => when(message.timestamp) },
          { header: 'sender', value: (message) => message.sender_full_name, maxWidth: 24 },
          ...(options.topic === undefined ? [{ header: 'where', value: recipientOf, maxWidth: 40 }] : []),
          { header: 'content', value: (message) => message.content, maxWidth: 60 },
        ]),
      );
    });
  return examples(
    command,
    'teamchat messages list --channel general --topic "release 1.0"',
    'teamchat messages list --search deploy --limit 50 --json',
  );
}

interface SendOptions extends WriteOptions {
  channel?: string;
  topic?: string;
  to?: string;
}

function sendCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('send')
      .description('send a message to a channel topic, or a direct message (POST /messages); prints its ID')
      .argument('<content>', 'the message (Markdown); - reads it from stdin')
      .option('--channel <channel>', 'channel name or ID (with --topic)')
      .option('--topic <topic>', 'topic of the channel message')
      .option('--to <users>', 'a direct message to these user IDs or emails, comma-separated'),
  ).action(async (text: string, options: SendOptions) => {
    if ((options.channel === undefined) === (options.to === undefined)) {
      throw new CliError('usage', 'give either --channel (with --topic) or --to', {
        hint: 'teamchat messages send --channel general --topic greetings "Hello"',
      });
    }
    const content = text === '-' ? (await ctx.readStdin()).replace(/\n$/, '') : text;
    const params =
      options.to !== undefined
        ? { type: 'direct' as const, to: toRecipients(options.to), content }
        : { type: 'stream' as const, to: channelRecipient(options.channel ?? ''), topic: options.topic ?? '', content };
    await sendWrite(ctx, 'messages.send', params, options, (result) => `Sent message ${result.id}\n`);
  });
  return examples(
    command,
    'teamchat messages send --channel general --topic greetings "Hello from the CLI"',
    'echo "Build failed" | teamchat messages send --to mike@teamchat.example -',
  );
}

function channelRecipient(spec: string): string | number {
  const trimmed = spec.trim().replace(/^#/, '');
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function toRecipients(list: string): number[] | string[] {
  const entries = splitList(list);
  if (entries.every((entry) => /^\d+$/.test(entry))) return entries.map(Number);
  if (entries.some((entry) => /^\d+$/.test(entry)))
    throw new CliError('usage', '--to: give either user IDs or emails, not both');
  return entries;
}

interface ExportOptions extends NarrowOptions {
  output?: string;
  batchSize: number;
}

function exportCommand(ctx: CliContext): Command {
  const command = narrowOptions(
    new Command('export').description(
      'write every message you can read, oldest first, as JSON lines (pages through GET /messages)',
    ),
  )
    .option('-o, --output <file>', 'write to FILE instead of stdout')
    .option('--batch-size <n>', `messages per request (at most ${MAX_PAGE})`, count(MAX_PAGE), 1000)
    .action(async (options: ExportOptions) => {
      const client = ctx.client();
      const narrow = narrowOf(options);
      let file: FileHandle | undefined;
      if (options.output !== undefined) {
        try {
          file = await open(options.output, 'w');
        } catch (error) {
          throw new CliError(
            'usage',
            `cannot write ${options.output} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
            { cause: error },
          );
        }
      }
      const progress = ctx.progress();
      let exported = 0;
      let anchor = 'oldest';
      try {
        for (;;) {
          const page = await client.messages.list({
            narrow,
            anchor,
            include_anchor: anchor === 'oldest',
            num_before: 0,
            num_after: options.batchSize,
            apply_markdown: false,
          });
          const lines = page.messages.map((message) => `${JSON.stringify(message)}\n`).join('');
          if (file) await file.write(lines);
          else ctx.stdout.write(lines);
          exported += page.messages.length;
          const last = page.messages.at(-1);
          progress.update(`exported ${exported} message(s)${last ? ` (up to ID ${last.id})` : ''}`);
          if (page.found_newest || !last) break;
          anchor = String(last.id);
        }
      } finally {
        await file?.close();
      }
      progress.done(`exported ${exported} message(s)${options.output === undefined ? '' : ` to ${options.output}`}`);
    });
  return examples(
    command,
    'teamchat messages export --channel general -o general.jsonl',
    "teamchat messages export | jq -r '.content'",
  );
}

/**
 * `teamchat messages …`: read, send and export messages (for scripts).
 *
 * @example
 * teamchat messages list --channel general --topic x
 * teamchat messages send --channel general --topic x "Deployed"
 */
export function messagesCommand(ctx: CliContext): Command {
  return new Command('messages')
    .description('messages: list, send, export')
    .addCommand(listCommand(ctx))
    .addCommand(sendCommand(ctx))
    .addCommand(exportCommand(ctx));
}
