import { ROLES, type User } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { formatTable, yesNo, type Column } from '../../core/format-table.js';

const ROLE_NAMES = new Map<number, string>(Object.entries(ROLES).map(([name, value]) => [value, name]));

/** `owner`, `member`, …; the number for a role this version does not know. */
function roleName(role: number): string {
  return ROLE_NAMES.get(role) ?? String(role);
}

const USER_COLUMNS: readonly Column<User>[] = [
  { header: 'id', value: (user) => String(user.user_id), align: 'right' },
  { header: 'name', value: (user) => user.full_name, maxWidth: 40 },
  { header: 'email', value: (user) => user.delivery_email ?? user.email },
  { header: 'role', value: (user) => roleName(user.role) },
  { header: 'active', value: (user) => yesNo(user.is_active) },
  { header: 'bot', value: (user) => yesNo(user.is_bot) },
];

/**
 * `teamchat users …`: the organization's accounts.
 *
 * @example
 * teamchat users list
 * teamchat users list --json | jq '.members[] | select(.is_bot)'
 */
export function usersCommand(ctx: CliContext): Command {
  const users = new Command('users').description('accounts of the organization');
  users
    .command('list')
    .description('list every user: people and bots, active and deactivated (GET /users)')
    .option('--active', 'only active accounts')
    .addHelpText('after', '\nColumns: ID, NAME, EMAIL (real email when visible), ROLE, ACTIVE, BOT.\n--json prints the server\'s response: { "members": [...] }.')
    .action(async (options: { active?: boolean }) => {
      const result = await ctx.client().users.list();
      const members = options.active ? result.members.filter((user) => user.is_active) : result.members;
      ctx.print({ ...result, members }, () => formatTable(members, USER_COLUMNS));
    });
  return users;
}
