import type { Client } from '@teamchat/client-sdk';
import type { CustomProfileField } from '@teamchat/schema';
import { Command, InvalidArgumentError } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { CliError } from '../../core/cli-error.js';
import { formatTable, yesNo, type Column } from '../../core/format-table.js';
import { collectIds } from '../../core/resolve-names.js';
import { examples, sendWrite, writeOptions, type WriteOptions } from '../../core/send-write.js';

/** The field types of the API (`type` of a custom profile field), with the names the commands take. */
const FIELD_TYPES: readonly { id: number; name: string; label: string }[] = [
  { id: 1, name: 'short-text', label: 'short text' },
  { id: 2, name: 'long-text', label: 'long text' },
  { id: 3, name: 'select', label: 'list of options' },
  { id: 4, name: 'date', label: 'date' },
  { id: 5, name: 'link', label: 'link' },
  { id: 6, name: 'users', label: 'users' },
  { id: 7, name: 'external-account', label: 'external account' },
  { id: 8, name: 'pronouns', label: 'pronouns' },
];

const COLUMNS: readonly Column<CustomProfileField>[] = [
  { header: 'id', value: (field) => String(field.id), align: 'right' },
  { header: 'name', value: (field) => field.name },
  { header: 'type', value: (field) => FIELD_TYPES.find((type) => type.id === field.type)?.label ?? String(field.type) },
  { header: 'required', value: (field) => yesNo(field.required) },
  { header: 'editable', value: (field) => yesNo(field.editable_by_user) },
  { header: 'hint', value: (field) => field.hint, maxWidth: 50 },
];

function parseFieldType(text: string): number {
  const type = FIELD_TYPES.find((entry) => entry.name === text || String(entry.id) === text);
  if (!type) throw new InvalidArgumentError(`expected one of ${FIELD_TYPES.map((entry) => entry.name).join(', ')}`);
  return type.id;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The options of a field that create and update share. */
interface FieldOptions extends WriteOptions {
  hint?: string;
  choice?: string[];
  account?: string;
  urlPattern?: string;
  required?: boolean;
  editable?: boolean;
  summary?: boolean;
}

/** The options of a field, and `--dry-run`; an update also takes the `--no-…` forms and `--editable`, `--summary` turned off again. */
function fieldOptions(command: Command, update: boolean): Command {
  writeOptions(command)
    .option('--hint <text>', 'a hint shown under the field')
    .option(
      '--choice <text>',
      'a choice of a select field, in order (repeat for each; on update, replaces the choices)',
      collect,
    )
    .option('--account <kind>', 'an external-account field: github, twitter or custom')
    .option('--url-pattern <url>', 'with --account custom: the profile URL, %(username)s where the value goes')
    .option('--required', 'users must fill it in');
  if (update)
    command.option('--no-required', 'users may leave it empty').option('--editable', 'users set their own values');
  command
    .option('--no-editable', 'only administrators set its values')
    .option('--summary', "show it in the user's profile summary (display_in_profile_summary)");
  if (update) command.option('--no-summary', 'leave it out of the profile summary');
  return command;
}

/** `field_data` of the options given: the choices of a select field, the kind of an external account. */
function fieldData(options: FieldOptions): Record<string, string | { text: string; order: string }> | undefined {
  if (options.choice)
    return Object.fromEntries(options.choice.map((text, order) => [String(order), { text, order: String(order) }]));
  if (options.account)
    return {
      subtype: options.account,
      ...(options.urlPattern === undefined ? {} : { url_pattern: options.urlPattern }),
    };
  return undefined;
}

/** The ID of a custom profile field given by ID or by name (looked up in GET /realm/profile_fields). */
async function resolveFieldId(client: Client, spec: string): Promise<number> {
  if (/^\d+$/.test(spec)) return Number(spec);
  const field = (await client.users.listCustomProfileFields()).custom_fields.find((entry) => entry.name === spec);
  if (!field)
    throw new CliError('usage', `no custom profile field named '${spec}'`, {
      hint: 'teamchat profile-fields list shows the fields',
    });
  return field.id;
}

function listCommand(ctx: CliContext): Command {
  const command = new Command('list')
    .description('list the custom profile fields, in order (GET /realm/profile_fields)')
    .action(async () => {
      const result = await ctx.client().users.listCustomProfileFields();
      ctx.print(result, () => formatTable(result.custom_fields, COLUMNS));
    });
  return examples(command, 'teamchat profile-fields list');
}

function createCommand(ctx: CliContext): Command {
  const command = fieldOptions(
    new Command('create')
      .description('add a custom profile field (POST /realm/profile_fields; administrators)')
      .argument('<name>', "the field's label")
      .requiredOption(
        '--type <type>',
        `the kind of value: ${FIELD_TYPES.map((type) => type.name).join(', ')}`,
        parseFieldType,
      ),
    false,
  ).action(async (name: string, options: FieldOptions & { type: number }) => {
    const data = fieldData(options);
    const params = {
      name,
      field_type: options.type,
      ...(options.hint === undefined ? {} : { hint: options.hint }),
      ...(data === undefined ? {} : { field_data: data }),
      ...(options.required ? { required: true } : {}),
      ...(options.editable === false ? { editable_by_user: false } : {}),
      ...(options.summary ? { display_in_profile_summary: true } : {}),
    };
    await sendWrite(
      ctx,
      'profileFields.create',
      params,
      options,
      (result) => `Created custom profile field ${result.id}\n`,
    );
  });
  return examples(
    command,
    "teamchat profile-fields create 'Phone number' --type short-text --hint 'Including the country code'",
    'teamchat profile-fields create Team --type select --choice Backend --choice Frontend --required',
    'teamchat profile-fields create GitHub --type external-account --account github',
  );
}

function updateCommand(ctx: CliContext): Command {
  const command = fieldOptions(
    new Command('update')
      .description('change a custom profile field (PATCH /realm/profile_fields/{id}); only the options given change')
      .argument('<field>', 'field ID or name')
      .option('--name <name>', 'a new label'),
    true,
  ).action(async (spec: string, options: FieldOptions & { name?: string }) => {
    const fieldId = await resolveFieldId(ctx.client(), spec);
    const data = fieldData(options);
    const params = {
      field_id: fieldId,
      ...(options.name === undefined ? {} : { name: options.name }),
      ...(options.hint === undefined ? {} : { hint: options.hint }),
      ...(data === undefined ? {} : { field_data: data }),
      ...(options.required === undefined ? {} : { required: options.required }),
      ...(options.editable === undefined ? {} : { editable_by_user: options.editable }),
      ...(options.summary === undefined ? {} : { display_in_profile_summary: options.summary }),
    };
    await sendWrite(ctx, 'profileFields.update', params, options, () => `Updated custom profile field ${fieldId}\n`);
  });
  return examples(
    command,
    "teamchat profile-fields update 'Phone number' --hint 'With the country code' --required",
    'teamchat profile-fields update 3 --no-editable',
  );
}

function deleteCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('delete')
      .description("delete a custom profile field and every user's value of it (DELETE /realm/profile_fields/{id})")
      .argument('<field>', 'field ID or name'),
    true,
  ).action(async (spec: string, options: WriteOptions) => {
    const fieldId = await resolveFieldId(ctx.client(), spec);
    await sendWrite(
      ctx,
      'profileFields.remove',
      { field_id: fieldId },
      options,
      () => `Deleted custom profile field ${fieldId}\n`,
      `Delete custom profile field ${spec} and every value of it?`,
    );
  });
  return examples(command, 'teamchat profile-fields delete Pronouns --yes');
}

function reorderCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('reorder')
      .description('set the order of the fields (PATCH /realm/profile_fields): every field ID, first shown first')
      .argument('<ids...>', 'every field ID, in the new order', collectIds),
  ).action(async (ids: number[], options: WriteOptions) => {
    await sendWrite(
      ctx,
      'profileFields.reorder',
      { order: ids },
      options,
      () => `Reordered ${ids.length} custom profile field(s)\n`,
    );
  });
  return examples(command, 'teamchat profile-fields reorder 2 1 3 4 5 6 7 8');
}

/**
 * `teamchat profile-fields …`: the organization's custom profile fields (administrators
 * change them).
 *
 * @example
 * teamchat profile-fields create Team --type select --choice Backend --choice Frontend
 */
export function profileFieldsCommand(ctx: CliContext): Command {
  return new Command('profile-fields')
    .description('custom profile fields of the organization: list, create, update, delete, reorder')
    .addCommand(listCommand(ctx))
    .addCommand(createCommand(ctx))
    .addCommand(updateCommand(ctx))
    .addCommand(deleteCommand(ctx))
    .addCommand(reorderCommand(ctx));
}
