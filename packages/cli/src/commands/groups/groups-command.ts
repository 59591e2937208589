import type { UserGroup } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { formatTable, yesNo, type Column } from '../../core/format-table.js';
import { resolveGroupId, resolveUserIds, splitList } from '../../core/resolve-names.js';
import { examples, sendWrite, writeOptions, type WriteOptions } from '../../core/send-write.js';

const GROUP_COLUMNS: readonly Column<UserGroup>[] = [
  { header: 'id', value: (group) => String(group.id), align: 'right' },
  { header: 'name', value: (group) => group.name, maxWidth: 40 },
  { header: 'members', value: (group) => String(group.members.length), align: 'right' },
  { header: 'subgroups', value: (group) => String(group.direct_subgroup_ids.length), align: 'right' },
  { header: 'system', value: (group) => yesNo(group.is_system_group) },
  { header: 'deactivated', value: (group) => yesNo(group.deactivated) },
  { header: 'description', value: (group) => group.description, maxWidth: 50 },
];

function listCommand(ctx: CliContext): Command {
  const command = new Command('list')
    .description('list the user groups (GET /user_groups); system groups (role:…) included')
    .option('--deactivated', 'include deactivated groups')
    .option('--no-system', 'leave out the system groups')
    .action(async (options: { deactivated?: boolean; system: boolean }) => {
      const result = await ctx.client().userGroups.list({ include_deactivated_groups: options.deactivated === true });
      const groups = result.user_groups.filter((group) => options.system || !group.is_system_group);
      ctx.print({ ...result, user_groups: groups }, () => formatTable(groups, GROUP_COLUMNS));
    });
  return examples(command, 'teamchat groups list --no-system');
}

function membersCommand(ctx: CliContext): Command {
  const command = new Command('members')
    .description("list the members of a group, subgroups' members included (GET /user_groups/{id}/members)")
    .argument('<group>', 'group ID or name')
    .option('--direct', 'only direct members')
    .action(async (spec: string, options: { direct?: boolean }) => {
      const client = ctx.client();
      const groupId = await resolveGroupId(client, spec);
      const { members: ids } = await client.userGroups.listMembers({
        user_group_id: groupId,
        direct_member_only: options.direct === true,
      });
      const users = new Map((await client.users.list()).members.map((user) => [user.user_id, user]));
      ctx.print({ members: ids }, () =>
        formatTable(ids, [
          { header: 'id', value: (id) => String(id), align: 'right' },
          { header: 'name', value: (id) => users.get(id)?.full_name ?? '' },
          {
            header: 'email',
            value: (id) => {
              const user = users.get(id);
              return user ? (user.delivery_email ?? user.email) : '';
            },
          },
        ]),
      );
    });
  return examples(command, 'teamchat groups members support');
}

function createCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('create')
      .description('create a user group (POST /user_groups/create) and print its id')
      .argument('<name>', 'group name')
      .option('--description <text>', 'description', '')
      .option('--members <list>', 'user IDs and emails, comma-separated (default: none)'),
  ).action(async (name: string, options: WriteOptions & { description: string; members?: string }) => {
    const client = ctx.client();
    const members =
      options.members === undefined ? [] : await resolveUserIds(client, splitList(options.members), '--members');
    await sendWrite(
      ctx,
      'userGroups.create',
      { name, description: options.description, members },
      options,
      (result) => `Created group ${name} with id ${result.group_id}\n`,
    );
  });
  return examples(
    command,
    'teamchat groups create designers --description "Design team" --members 4,maya@teamchat.example',
  );
}

function changeMembersCommand(ctx: CliContext, verb: 'add' | 'remove'): Command {
  const command = writeOptions(
    new Command(verb)
      .description(`${verb} members ${verb === 'add' ? 'to' : 'from'} a group (POST /user_groups/{id}/members)`)
      .argument('<group>', 'group ID or name')
      .argument('<users...>', 'user IDs and emails (also comma-separated)'),
  ).action(async (spec: string, users: string[], options: WriteOptions) => {
    const client = ctx.client();
    const groupId = await resolveGroupId(client, spec);
    const ids = await resolveUserIds(client, splitList(users), 'users');
    const params = verb === 'add' ? { user_group_id: groupId, add: ids } : { user_group_id: groupId, delete: ids };
    await sendWrite(
      ctx,
      'userGroups.updateMembers',
      params,
      options,
      () =>
        `${verb === 'add' ? 'Added' : 'Removed'} ${ids.length} member(s) ${verb === 'add' ? 'to' : 'from'} group ${groupId}\n`,
    );
  });
  return examples(command, `teamchat groups ${verb} support mike@teamchat.example 5`);
}

function deactivateCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('deactivate')
      .description('deactivate a user group (POST /user_groups/{id}/deactivate); refused while a setting uses it')
      .argument('<group>', 'group ID or name'),
    true,
  ).action(async (spec: string, options: WriteOptions) => {
    const client = ctx.client();
    const groupId = await resolveGroupId(client, spec);
    await sendWrite(
      ctx,
      'userGroups.deactivate',
      { user_group_id: groupId },
      options,
      () => `Deactivated group ${groupId}\n`,
      `Deactivate group ${spec} (${groupId})?`,
    );
  });
  return examples(command, 'teamchat groups deactivate designers --yes');
}

/**
 * `teamchat groups …`: user groups and their members.
 *
 * @example
 * teamchat groups list
 * teamchat groups add support mike@example.com
 */
export function groupsCommand(ctx: CliContext): Command {
  return new Command('groups')
    .description('user groups and their members: list, members, create, add, remove, deactivate')
    .addCommand(listCommand(ctx))
    .addCommand(membersCommand(ctx))
    .addCommand(createCommand(ctx))
    .addCommand(changeMembersCommand(ctx, 'add'))
    .addCommand(changeMembersCommand(ctx, 'remove'))
    .addCommand(deactivateCommand(ctx));
}
