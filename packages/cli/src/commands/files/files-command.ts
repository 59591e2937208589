import type { Attachment } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { formatTable, type Column } from '../../core/format-table.js';
import { readFileArgument } from '../../core/read-file-argument.js';
import { parseId } from '../../core/resolve-names.js';
import { examples, sendWrite, writeOptions, type WriteOptions } from '../../core/send-write.js';

const COLUMNS: readonly Column<Attachment>[] = [
  { header: 'id', value: (file) => String(file.id), align: 'right' },
  { header: 'name', value: (file) => file.name, maxWidth: 40 },
  { header: 'size', value: (file) => String(file.size), align: 'right' },
  {
    header: 'uploaded (utc)',
    value: (file) => new Date(file.create_time).toISOString().slice(0, 16).replace('T', ' '),
  },
  { header: 'messages', value: (file) => String(file.messages.length), align: 'right' },
  { header: 'path', value: (file) => `/user_uploads/${file.path_id}` },
];

function listCommand(ctx: CliContext): Command {
  const command = new Command('list')
    .description('list the files you uploaded (GET /attachments)')
    .addHelpText(
      'after',
      "\nThe footer says what each figure counts: the files listed (yours) and their size, then the space the\nwhole organization's uploads use (upload_space_used, which the upload quota is checked against).",
    )
    .action(async () => {
      const result = await ctx.client().attachments.list();
      const own = result.attachments.reduce((sum, file) => sum + file.size, 0);
      ctx.print(
        result,
        () =>
          `${formatTable(result.attachments, COLUMNS)}Listed: ${result.attachments.length} file(s), yours, ${own} bytes in all\n` +
          `Space used by the organization's uploads (everyone's; the upload quota counts this): ${result.upload_space_used} bytes\n`,
      );
    });
  return examples(command, 'teamchat files list');
}

function uploadCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('upload')
      .description('upload a file (POST /user_uploads) and print the link to put in a message')
      .argument('<path>', 'the file'),
  ).action(async (path: string, options: WriteOptions) => {
    const file = readFileArgument('file', `@${path}`);
    await sendWrite(
      ctx,
      'uploads.upload',
      { file },
      options,
      (result) =>
        `Uploaded ${result.filename}: ${result.url}\nLink it in a message: [${result.filename}](${result.url})\n`,
    );
  });
  return examples(command, 'teamchat files upload ./report.pdf');
}

function deleteCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('delete')
      .description('delete an uploaded file (DELETE /attachments/{id}); messages keep a dead link')
      .argument('<id>', 'attachment ID (teamchat files list)', parseId),
    true,
  ).action(async (id: number, options: WriteOptions) => {
    await sendWrite(
      ctx,
      'attachments.delete',
      { attachment_id: id },
      options,
      () => `Deleted file ${id}\n`,
      `Delete uploaded file ${id}?`,
    );
  });
  return examples(command, 'teamchat files delete 3 --yes');
}

/**
 * `teamchat files …`: uploaded files.
 *
 * @example
 * teamchat files upload ./report.pdf
 */
export function filesCommand(ctx: CliContext): Command {
  return new Command('files')
    .description('uploaded files: list, upload, delete')
    .addCommand(listCommand(ctx))
    .addCommand(uploadCommand(ctx))
    .addCommand(deleteCommand(ctx));
}
