import { ApiError } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { activeUserIds, emit } from '../events/emit.js';
import { botAdministratorIds } from '../model/bot-administrators.js';

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

/**
 * Whether an active account (human or bot) is named exactly `name`: a bot needs a name no
 * active account has, to be renamed or reactivated (the real server's bot-name check).
 */
export function isNameOfActiveUser(ctx: Pick<Context, 'db'>, name: string): boolean {
  for (const user of ctx.db.all('users')) if (user.is_active && user.full_name === name) return true;
  return false;
}

/**
 * Gives `user` the (checked) full name `fullName` and tells everyone (`realm_user update`); a
 * bot's administrators also get `realm_bot update`.
 */
export function changeFullName(ctx: Pick<Context, 'db' | 'events'>, user: UserRecord, fullName: string): UserRecord {
  const updated = ctx.db.patch('users', user.id, { full_name: fullName });
  emit(ctx, activeUserIds(ctx), {
    type: 'realm_user',
    op: 'update',
    person: { user_id: user.id, full_name: fullName },
  });
  if (user.is_bot)
    emit(ctx, botAdministratorIds(ctx, user), {
      type: 'realm_bot',
      op: 'update',
      bot: { user_id: user.id, full_name: fullName },
    });
  return updated;
}
