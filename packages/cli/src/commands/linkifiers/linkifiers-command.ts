import type { Linkifier } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { formatTable, type Column } from '../../core/format-table.js';
import { collectIds, parseId } from '../../core/resolve-names.js';
import { examples, sendWrite, writeOptions, type WriteOptions } from '../../core/send-write.js';

const COLUMNS: readonly Column<Linkifier>[] = [
  { header: 'id', value: (linkifier) => String(linkifier.id), align: 'right' },
  { header: 'pattern', value: (linkifier) => linkifier.pattern },
  { header: 'url template', value: (linkifier) => linkifier.url_template },
];

function listCommand(ctx: CliContext): Command {
  const command = new Command('list')
    .description('list the linkifiers, in the order they are applied (GET /realm/linkifiers)')
    .action(async () => {
      const result = await ctx.client().linkifiers.list();
      ctx.print(result, () => formatTable(result.linkifiers, COLUMNS));
    });
  return examples(command, 'teamchat linkifiers list');
}

function addCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('add')
      .description('add a linkifier (POST /realm/filters): text matching PATTERN becomes a link')
      .argument('<pattern>', 'a regular expression with named groups: #(?P<id>[0-9]+)')
      .argument(
        '<url-template>',
        'an RFC 6570 URL template using every group: https://github.com/org/repo/issues/{id}',
      ),
  ).action(async (pattern: string, urlTemplate: string, options: WriteOptions) => {
    await sendWrite(
      ctx,
      'linkifiers.add',
      { pattern, url_template: urlTemplate },
      options,
      (result) => `Added linkifier ${result.id}\n`,
    );
  });
  return examples(command, "teamchat linkifiers add '#(?P<id>[0-9]+)' 'https://github.com/zulip/zulip/issues/{id}'");
}

function updateCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('update')
      .description('replace the pattern and URL template of a linkifier (PATCH /realm/filters/{id})')
      .argument('<id>', 'linkifier ID', parseId)
      .argument('<pattern>', 'the new regular expression')
      .argument('<url-template>', 'the new URL template'),
  ).action(async (id: number, pattern: string, urlTemplate: string, options: WriteOptions) => {
    await sendWrite(
      ctx,
      'linkifiers.update',
      { filter_id: id, pattern, url_template: urlTemplate },
      options,
      () => `Updated linkifier ${id}\n`,
    );
  });
  return examples(command, "teamchat linkifiers update 1 'T(?P<id>[0-9]+)' 'https://tracker.example/{id}'");
}

function removeCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('remove')
      .description('remove a linkifier (DELETE /realm/filters/{id})')
      .argument('<id>', 'linkifier ID', parseId),
    true,
  ).action(async (id: number, options: WriteOptions) => {
    await sendWrite(
      ctx,
      'linkifiers.remove',
      { filter_id: id },
      options,
      () => `Removed linkifier ${id}\n`,
      `Remove linkifier ${id}?`,
    );
  });
  return examples(command, 'teamchat linkifiers remove 1 --yes');
}

function reorderCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('reorder')
      .description('set the order linkifiers are applied in (PATCH /realm/linkifiers): every ID, first applied first')
      .argument('<ids...>', 'every linkifier ID, in the new order', collectIds),
  ).action(async (ids: number[], options: WriteOptions) => {
    await sendWrite(
      ctx,
      'linkifiers.reorder',
      { ordered_linkifier_ids: ids },
      options,
      () => `Reordered ${ids.length} linkifier(s)\n`,
    );
  });
  return examples(command, 'teamchat linkifiers reorder 2 1');
}

/**
 * `teamchat linkifiers …`: the organization's linkifiers (administrators change them).
 *
 * @example
 * teamchat linkifiers add '#(?P<id>[0-9]+)' 'https://github.com/org/repo/issues/{id}'
 */
export function linkifiersCommand(ctx: CliContext): Command {
  return new Command('linkifiers')
    .description('patterns that turn text into links: list, add, update, remove, reorder')
    .addCommand(listCommand(ctx))
    .addCommand(addCommand(ctx))
    .addCommand(updateCommand(ctx))
    .addCommand(removeCommand(ctx))
    .addCommand(reorderCommand(ctx));
}
