import { writeFile } from 'node:fs/promises';
import type { RealmExport } from '@teamchat/schema';
import { Command, Option } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { CliError } from '../../core/cli-error.js';
import { formatTable, type Column } from '../../core/format-table.js';
import { parseId } from '../../core/resolve-names.js';
import { examples, sendWrite, writeOptions, type WriteOptions } from '../../core/send-write.js';

const TYPES = { public: 1, standard: 2 } as const;
const typeName = (type: number) => (type === 1 ? 'public' : 'standard');
const time = (seconds: number | null) =>
  seconds === null ? '' : new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
const statusOf = (entry: RealmExport) =>
  entry.deleted_timestamp !== null
    ? 'deleted'
    : entry.failed_timestamp !== null
      ? 'failed'
      : entry.pending
        ? 'pending'
        : 'ready';

const COLUMNS: readonly Column<RealmExport>[] = [
  { header: 'id', value: (entry) => String(entry.id), align: 'right' },
  { header: 'type', value: (entry) => typeName(entry.export_type) },
  { header: 'requested (utc)', value: (entry) => time(entry.export_time) },
  { header: 'by', value: (entry) => String(entry.acting_user_id), align: 'right' },
  { header: 'status', value: statusOf },
  { header: 'url', value: (entry) => entry.export_url ?? '' },
];

/** The export `id`, once it is no longer pending (polled every `intervalMs`, up to `timeoutMs`). */
async function waitForExport(
  ctx: CliContext,
  id: number,
  timeoutMs = 10 * 60_000,
  intervalMs = 500,
): Promise<RealmExport> {
  const progress = ctx.progress();
  const started = Date.now();
  for (;;) {
    const entry = (await ctx.client().exports.list({})).exports.find((candidate) => candidate.id === id);
    if (!entry) throw new CliError('api', `There is no data export ${id}`);
    if (!entry.pending) {
      progress.done();
      return entry;
    }
    if (Date.now() - started > timeoutMs)
      throw new CliError('network', `Data export ${id} is still pending after ${timeoutMs / 1000} seconds`, {
        hint: `see it later with: teamchat export list`,
      });
    progress.update(`Data export ${id}: pending (${Math.round((Date.now() - started) / 1000)} s)`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function createCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('create')
      .description(
        'start a data export of the organization (POST /export/realm); administrators. It runs on the server: --wait waits for it',
      )
      .addOption(
        new Option('--type <type>', 'public: public data only; standard: also the private data of users who consent')
          .choices(Object.keys(TYPES))
          .default('public'),
      )
      .option('--wait', 'wait until the export is ready (or failed) and print its URL'),
  ).action(async (options: WriteOptions & { type: keyof typeof TYPES; wait?: boolean }) => {
    const params = { export_type: TYPES[options.type] };
    if (options.dryRun || !options.wait) {
      await sendWrite(
        ctx,
        'exports.create',
        params,
        options,
        ({ id }) => `Started data export ${id} (${options.type}); see it with: teamchat export list\n`,
      );
      return;
    }
    const { id } = await ctx.client().exports.create(params);
    const entry = await waitForExport(ctx, id);
    if (entry.export_url === null)
      throw new CliError('api', `Data export ${id} failed`, { hint: 'the server log says why' });
    ctx.print(
      entry,
      () => `Data export ${id} is ready: ${entry.export_url}\nDownload it with: teamchat export download ${id}\n`,
    );
  });
  return examples(command, 'teamchat export create --type standard --wait', 'teamchat export create');
}

function listCommand(ctx: CliContext): Command {
  const command = new Command('list')
    .description("list the organization's data exports (GET /export/realm); administrators")
    .action(async () => {
      const result = await ctx.client().exports.list({});
      ctx.print(result, () => formatTable(result.exports, COLUMNS));
    });
  return examples(command, 'teamchat export list');
}

function downloadCommand(ctx: CliContext): Command {
  const command = new Command('download')
    .description(
      'download a finished data export (its export_url): a fixture file that `teamchat-server --seed` starts a new server with',
    )
    .argument('<id>', 'export ID (teamchat export list)', parseId)
    .option(
      '-o, --output <file>',
      'where to write it (- for stdout); default the file name of the URL, in the current directory',
    )
    .action(async (id: number, options: { output?: string }) => {
      const entry = (await ctx.client().exports.list({})).exports.find((candidate) => candidate.id === id);
      if (!entry) throw new CliError('api', `There is no data export ${id}`, { hint: 'teamchat export list' });
      if (entry.export_url === null)
        throw new CliError('api', `Data export ${id} has no file: it is ${statusOf(entry)}`);
      let response: Response;
      try {
        response = await fetch(entry.export_url);
      } catch (error) {
        throw new CliError(
          'network',
          `Could not download ${entry.export_url}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (!response.ok)
        throw new CliError('response', `Downloading ${entry.export_url} answered HTTP ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const target = options.output ?? entry.export_url.slice(entry.export_url.lastIndexOf('/') + 1);
      if (target === '-') {
        ctx.stdout.write(new TextDecoder().decode(bytes));
        return;
      }
      await writeFile(target, bytes);
      ctx.print(
        { id, file: target, size: bytes.length },
        () =>
          `Wrote data export ${id} to ${target} (${bytes.length} bytes)\nStart a server with it: teamchat-server --seed ${target} --data copy/data.json\n`,
      );
    });
  return examples(command, 'teamchat export download 1', 'teamchat export download 1 -o acme.json');
}

/**
 * `teamchat export …`: data exports of the organization (administrators).
 *
 * @example
 * teamchat export create --type standard --wait
 */
export function exportCommand(ctx: CliContext): Command {
  return new Command('export')
    .description('data exports of the organization: create, list, download')
    .addCommand(createCommand(ctx))
    .addCommand(listCommand(ctx))
    .addCommand(downloadCommand(ctx));
}
