import type { CodePlayground } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { formatTable, type Column } from '../../core/format-table.js';
import { parseId } from '../../core/resolve-names.js';
import { examples, sendWrite, writeOptions, type WriteOptions } from '../../core/send-write.js';

const COLUMNS: readonly Column<CodePlayground>[] = [
  { header: 'id', value: (playground) => String(playground.id), align: 'right' },
  { header: 'name', value: (playground) => playground.name },
  { header: 'language', value: (playground) => playground.highlighter_language },
  { header: 'url template', value: (playground) => playground.url_template },
];

function listCommand(ctx: CliContext): Command {
  const command = new Command('list')
    .description('list the code playgrounds (GET /realm/playgrounds)')
    .action(async () => {
      const result = await ctx.client().playgrounds.list();
      ctx.print(result, () => formatTable(result.playgrounds, COLUMNS));
    });
  return examples(command, 'teamchat playgrounds list');
}

function addCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('add')
      .description('add a code playground (POST /realm/playgrounds): code blocks of LANGUAGE get a link to it')
      .argument('<name>', 'name shown to users')
      .argument('<language>', 'the code block language it applies to (Pygments name: python, rust, …)')
      .argument(
        '<url-template>',
        'an RFC 6570 URL template with the one variable code: https://play.example/?code={code}',
      ),
  ).action(async (name: string, language: string, urlTemplate: string, options: WriteOptions) => {
    await sendWrite(
      ctx,
      'playgrounds.add',
      { name, highlighter_language: language, url_template: urlTemplate },
      options,
      (result) => `Added playground ${result.id}\n`,
    );
  });
  return examples(command, "teamchat playgrounds add 'Rust playground' rust 'https://play.rust-lang.org/?code={code}'");
}

function removeCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('remove')
      .description('remove a code playground (DELETE /realm/playgrounds/{id})')
      .argument('<id>', 'playground ID', parseId),
    true,
  ).action(async (id: number, options: WriteOptions) => {
    await sendWrite(
      ctx,
      'playgrounds.remove',
      { playground_id: id },
      options,
      () => `Removed playground ${id}\n`,
      `Remove playground ${id}?`,
    );
  });
  return examples(command, 'teamchat playgrounds remove 1 --yes');
}

/**
 * `teamchat playgrounds …`: links from code blocks to an online playground.
 *
 * @example
 * teamchat playgrounds add 'Rust playground' rust 'https://play.rust-lang.org/?code={code}'
 */
export function playgroundsCommand(ctx: CliContext): Command {
  return new Command('playgrounds')
    .description('code playgrounds: list, add, remove')
    .addCommand(listCommand(ctx))
    .addCommand(addCommand(ctx))
    .addCommand(removeCommand(ctx));
}
