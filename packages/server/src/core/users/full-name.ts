import { ApiError } from '@teamchat/schema';
import type { Context } from '../context.js';

const MAX_NAME_LENGTH = 100;
const MIN_NAME_LENGTH = 2;
const FORBIDDEN = /[*`\\>"@\p{Cc}]/u;

/**
 * A full name, stripped and checked with the real server's rules: 2–100 characters, none of
 * `*` `` ` `` `\` `>` `"` `@` or control characters, no `|digits` suffix (reserved for
 * mention syntax), and unique in organizations that require it.
 */
export function checkFullName(ctx: Pick<Context, 'db' | 'realm'>, raw: string, userId: number | null): string {
  const name = raw.trim();
  if ([...name].length > MAX_NAME_LENGTH) throw new ApiError('BAD_REQUEST', 'Name too long!');
  if ([...name].length < MIN_NAME_LENGTH) throw new ApiError('BAD_REQUEST', 'Name too short!');
  if (FORBIDDEN.test(name)) throw new ApiError('BAD_REQUEST', 'Invalid characters in name!');
  if (/\|\d+$/.test(name)) throw new ApiError('BAD_REQUEST', 'Invalid format!');
  if (ctx.realm.require_unique_names) {
    const normalized = name.normalize('NFKC').toLowerCase();
    for (const user of ctx.db.all('users')) {
      if (user.id !== userId && user.full_name.normalize('NFKC').toLowerCase() === normalized) {
        throw new ApiError('BAD_REQUEST', 'Unique names required in this organization.');
      }
    }
  }
  return name;
}
