import { ApiError } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';

/** Longest user-group name, in characters. */
export const MAX_USER_GROUP_NAME_LENGTH = 100;

/** Prefixes reserved for system groups and mention syntax. */
const INVALID_NAME_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'] as const;

/**
 * Checks a new user-group name the way the real server does: not blank, at most 100
 * characters, no reserved prefix. The name is kept as given (not trimmed).
 *
 * @throws {ApiError} `User group name can't be empty!`, `User group name cannot exceed 100
 *   characters.`, `User group name cannot start with '<prefix>'.`
 * @see https://zulip.com/api/create-user-group
 */
export function checkUserGroupName(name: string): string {
  if (name.trim() === '') throw new ApiError('BAD_REQUEST', "User group name can't be empty!");
  if ([...name].length > MAX_USER_GROUP_NAME_LENGTH) {
    throw new ApiError('BAD_REQUEST', `User group name cannot exceed ${MAX_USER_GROUP_NAME_LENGTH} characters.`);
  }
  const prefix = INVALID_NAME_PREFIXES.find((p) => name.startsWith(p));
  if (prefix !== undefined) throw new ApiError('BAD_REQUEST', `User group name cannot start with '${prefix}'.`);
  return name;
}

/**
 * Refuses a name another group of the organization already has (deactivated groups included;
 * names compare exactly, like the real server's unique constraint).
 *
 * @throws {ApiError} `User group '<name>' already exists.`
 */
export function checkUserGroupNameAvailable(ctx: Pick<Context, 'db'>, name: string, exceptId?: number): void {
  for (const group of ctx.db.all('user_groups')) {
    if (group.name === name && group.id !== exceptId)
      throw new ApiError('BAD_REQUEST', `User group '${name}' already exists.`);
  }
}
