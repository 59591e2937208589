import type { GroupSettingValue } from '@teamchat/schema';
import type { Context } from '../context.js';
import type { UserRecord } from '../db.js';
import { isUserInGroupSetting } from './group-membership.js';

/**
 * Whether `user` is in the group-setting value `value`, with the organization and clock of
 * `ctx`. `allowEveryone: false` settings never include guests.
 */
export function userInSetting(
  ctx: Pick<Context, 'db' | 'realm' | 'now'>,
  user: UserRecord | null,
  value: GroupSettingValue,
  allowEveryone = true,
): boolean {
  if (!user) return false;
  return isUserInGroupSetting(ctx.db, user, value, { realm: ctx.realm, now: ctx.now(), allowEveryone });
}
