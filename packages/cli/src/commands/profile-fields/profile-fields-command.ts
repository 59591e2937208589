import type { CustomProfileField } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { formatTable, yesNo, type Column } from '../../core/format-table.js';
import { examples } from '../../core/send-write.js';

/** The field types of the API (`type` of a custom profile field). */
const FIELD_TYPES: Readonly<Record<number, string>> = {
  1: 'short text',
  2: 'long text',
  3: 'list of options',
  4: 'date',
  5: 'link',
  6: 'users',
  7: 'external account',
  8: 'pronouns',
};

const COLUMNS: readonly Column<CustomProfileField>[] = [
  { header: 'id', value: (field) => String(field.id), align: 'right' },
  { header: 'name', value: (field) => field.name },
  { header: 'type', value: (field) => FIELD_TYPES[field.type] ?? String(field.type) },
  { header: 'required', value: (field) => yesNo(field.required) },
  { header: 'editable', value: (field) => yesNo(field.editable_by_user) },
  { header: 'hint', value: (field) => field.hint, maxWidth: 50 },
];

/**
 * `teamchat profile-fields …`: the organization's custom profile fields.
 *
 * @example
 * teamchat profile-fields list
 */
export function profileFieldsCommand(ctx: CliContext): Command {
  const list = new Command('list').description('list the custom profile fields, in order (GET /realm/profile_fields)').action(async () => {
    const result = await ctx.client().users.listCustomProfileFields();
    ctx.print(result, () => formatTable(result.custom_fields, COLUMNS));
  });
  return new Command('profile-fields').description('custom profile fields of the organization: list').addCommand(examples(list, 'teamchat profile-fields list'));
}
