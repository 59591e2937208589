import { randomBytes } from 'node:crypto';
import { endpoints, ROLES, type Role, type User } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { printDryRun } from '../../core/format-dry-run.js';
import { formatFields } from '../../core/format-fields.js';
import { formatTable, yesNo, type Column } from '../../core/format-table.js';
import { CliError } from '../../core/cli-error.js';
import { resolveUserId } from '../../core/resolve-names.js';
import { parseRole, roleName } from '../../core/roles.js';
import { examples, sendWrite, writeOptions, type WriteOptions } from '../../core/send-write.js';

const USER_COLUMNS: readonly Column<User>[] = [
  { header: 'id', value: (user) => String(user.user_id), align: 'right' },
  { header: 'name', value: (user) => user.full_name, maxWidth: 40 },
  { header: 'email', value: (user) => user.delivery_email ?? user.email },
  { header: 'role', value: (user) => roleName(user.role) },
  { header: 'active', value: (user) => yesNo(user.is_active) },
  { header: 'bot', value: (user) => yesNo(user.is_bot) },
];

function listCommand(ctx: CliContext): Command {
  const command = new Command('list')
    .description('list every user: people and bots, active and deactivated (GET /users)')
    .option('--active', 'only active accounts')
    .addHelpText(
      'after',
      '\nColumns: ID, NAME, EMAIL (real email when visible), ROLE, ACTIVE, BOT.\n--json prints the server\'s response: { "members": [...] }.',
    )
    .action(async (options: { active?: boolean }) => {
      const result = await ctx.client().users.list();
      const members = options.active ? result.members.filter((user) => user.is_active) : result.members;
      ctx.print({ ...result, members }, () => formatTable(members, USER_COLUMNS));
    });
  return examples(
    command,
    'teamchat users list --active',
    "teamchat users list --json | jq '.members[] | select(.is_bot)'",
  );
}

function showCommand(ctx: CliContext): Command {
  const command = new Command('show')
    .description('show one user (GET /users/{user_id}), custom profile fields included')
    .argument('<user>', 'user ID or email')
    .action(async (spec: string) => {
      const client = ctx.client();
      const result = await client.users.get({
        user_id: await resolveUserId(client, spec),
        include_custom_profile_fields: true,
      });
      ctx.print(result, () => formatFields({ ...result.user, role: roleName(result.user.role) }));
    });
  return examples(command, 'teamchat users show mike@teamchat.example');
}

function setRoleCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('set-role')
      .description('change the role of a user (PATCH /users/{user_id}; owners alone make or unmake owners)')
      .argument('<user>', 'user ID or email')
      .argument('<role>', `${Object.keys(ROLES).join(', ')}`, parseRole),
  ).action(async (spec: string, role: Role, options: WriteOptions) => {
    const client = ctx.client();
    const userId = await resolveUserId(client, spec);
    await sendWrite(
      ctx,
      'users.update',
      { user_id: userId, role },
      options,
      () => `User ${userId} is now ${roleName(role)}\n`,
    );
  });
  return examples(command, 'teamchat users set-role mike@teamchat.example moderator');
}

function deactivateCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('deactivate')
      .description(
        'deactivate a user (DELETE /users/{user_id}): signs them out, keeps their messages; reactivate undoes it',
      )
      .argument('<user>', 'user ID or email')
      .option('--notify <comment>', 'email the user that they were deactivated, with this comment ("" for none)'),
    true,
  ).action(async (spec: string, options: WriteOptions & { notify?: string }) => {
    const client = ctx.client();
    const userId = await resolveUserId(client, spec);
    const params = {
      user_id: userId,
      ...(options.notify === undefined ? {} : { deactivation_notification_comment: options.notify }),
    };
    await sendWrite(
      ctx,
      'users.deactivate',
      params,
      options,
      () => `Deactivated user ${userId}\n`,
      `Deactivate user ${spec} (${userId})?`,
    );
  });
  return examples(command, 'teamchat users deactivate gina@teamchat.example --yes');
}

interface CreateOptions extends WriteOptions {
  password?: string;
  passwordStdin?: boolean;
}

/** The new account's password: given, read from stdin (first line), or made here (shown once). */
async function newPassword(ctx: CliContext, options: CreateOptions): Promise<{ password: string; generated: boolean }> {
  if (options.password !== undefined && options.passwordStdin)
    throw new CliError('usage', 'give --password or --password-stdin, not both');
  if (options.password !== undefined) return { password: options.password, generated: false };
  if (options.passwordStdin) {
    const password = (await ctx.readStdin()).split(/\r?\n/)[0] ?? '';
    if (password === '')
      throw new CliError('usage', '--password-stdin: stdin is empty', {
        hint: "echo 'the password' | teamchat users create …  --password-stdin",
      });
    return { password, generated: false };
  }
  // 120 random bits: far past the server's strength check.
  return { password: randomBytes(15).toString('base64url'), generated: true };
}

function createCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('create')
      .description('create an account (POST /users; administrators with the can_create_users permission)')
      .argument('<email>', "the new user's email address")
      .argument('<full-name>', 'their name')
      .option('--password <password>', 'their password (visible in your shell history; prefer --password-stdin)')
      .option('--password-stdin', 'read the password from the first line of stdin')
      .addHelpText(
        'after',
        '\nWithout --password or --password-stdin a random password is made and printed once; the user changes it in their settings.',
      ),
  ).action(async (email: string, fullName: string, options: CreateOptions) => {
    const { password, generated } = await newPassword(ctx, options);
    const params = { email, full_name: fullName, password };
    if (options.dryRun) return printDryRun(ctx, endpoints['users.create'], params);
    const result = await ctx.client().users.create(params);
    // A password made here is shown once, in the table and in --json alike.
    ctx.print(
      { ...result, ...(generated ? { password } : {}) },
      () =>
        `Created user ${result.user_id} ${email}\n${generated ? `Password: ${password} (shown once; they can change it in their settings)\n` : ''}`,
    );
  });
  return examples(
    command,
    "teamchat users create ada@example.com 'Ada Lovelace'",
    "printf '%s\\n' \"$PASSWORD\" | teamchat users create grace@example.com 'Grace Hopper' --password-stdin",
  );
}

function reactivateCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('reactivate')
      .description('reactivate a deactivated user (POST /users/{user_id}/reactivate)')
      .argument('<user>', 'user ID or email'),
  ).action(async (spec: string, options: WriteOptions) => {
    const client = ctx.client();
    const userId = await resolveUserId(client, spec);
    await sendWrite(ctx, 'users.reactivate', { user_id: userId }, options, () => `Reactivated user ${userId}\n`);
  });
  return examples(command, 'teamchat users reactivate gina@teamchat.example');
}

/**
 * `teamchat users …`: the organization's accounts: list, show, create, role, deactivate, reactivate.
 *
 * @example
 * teamchat users list
 * teamchat users set-role mike@example.com moderator
 */
export function usersCommand(ctx: CliContext): Command {
  return new Command('users')
    .description('accounts of the organization: list, show, create, set-role, deactivate, reactivate')
    .addCommand(listCommand(ctx))
    .addCommand(showCommand(ctx))
    .addCommand(createCommand(ctx))
    .addCommand(setRoleCommand(ctx))
    .addCommand(deactivateCommand(ctx))
    .addCommand(reactivateCommand(ctx));
}
