import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { changeRole } from './role-change.js';

/** What an operator grants with `change-user-role`: a role, or one of the special permissions. */
export const OPERATOR_ROLES = [
  'owner',
  'admin',
  'moderator',
  'member',
  'guest',
  'can_forge_sender',
  'can_create_users',
  'can_change_user_emails',
] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const ROLE_IDS = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const satisfies Partial<
  Record<OperatorRole, UserRecord['role']>
>;

/** The real server's `ROLE_ID_TO_NAME_MAP`. */
const ROLE_NAMES: Readonly<Record<UserRecord['role'], string>> = {
  100: 'Organization owner',
  200: 'Organization administrator',
  300: 'Moderator',
  400: 'Member',
  600: 'Guest',
};

/** The special permissions, with the real command's refusals when there is nothing to change. */
const PERMISSIONS = {
  can_forge_sender: {
    already: 'User can already forge messages for this realm.',
    absent: "User can't forge messages for this realm.",
  },
  can_create_users: {
    already: 'User can already create users for this realm.',
    absent: "User can't create users for this realm.",
  },
  can_change_user_emails: {
    already: 'User can already change user emails for this realm.',
    absent: "User can't change user emails for this realm.",
  },
} as const;

/** An operator's request the real command refuses (`CommandError`): its message, exit 1. */
export class OperatorError extends Error {
  override readonly name = 'OperatorError';
}

/**
 * The real `change_user_role` management command on `user`: a role (`Role for … changed from
 * Member to Organization administrator.`, with the role change's events), or a special
 * permission granted or (`revoke`) taken away, which sends no event. Answers the lines the
 * command prints; refuses what changes nothing with the command's words.
 */
export function operatorChangeRole(
  ctx: Pick<Context, 'db' | 'events' | 'realm' | 'now' | 'indexes'>,
  user: UserRecord,
  role: OperatorRole,
  revoke: boolean,
): string[] {
  if (role === 'can_forge_sender' || role === 'can_create_users' || role === 'can_change_user_emails') {
    const has = user[role] === true;
    if (has && !revoke) throw new OperatorError(PERMISSIONS[role].already);
    if (!has && revoke) throw new OperatorError(PERMISSIONS[role].absent);
    ctx.db.patch('users', user.id, { [role]: !revoke });
    return role === 'can_forge_sender'
      ? [`${user.email} changed to ${revoke ? 'not have' : 'have'} ${role} permission.`]
      : [];
  }
  if (revoke) throw new OperatorError('Revoke not supported with this permission; please specify new role.');
  const id = ROLE_IDS[role];
  if (id === user.role) throw new OperatorError('User already has this role.');
  const updated = changeRole(ctx, user, id);
  return [`Role for ${user.email} changed from ${ROLE_NAMES[user.role]} to ${ROLE_NAMES[updated.role]}.`];
}
