import type { Principals } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { accessUserByEmail, accessUserById } from '../model/user-access.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'config'>;

/**
 * The users a `principals` list names (IDs or, legacy, addresses), each once, in the order
 * given; as the real server's `bulk_principals_to_user_profiles`: bots are admitted,
 * deactivated users are not (`User is deactivated`), and an unknown user is `No such user`.
 *
 * @see https://zulip.com/api/create-channel
 */
export function principalUsers(ctx: Ctx, caller: UserRecord, principals: Principals): UserRecord[] {
  const options = { allowBots: true, forAdmin: false };
  const users = new Map<number, UserRecord>();
  for (const principal of principals) {
    const user =
      typeof principal === 'number'
        ? accessUserById(ctx, caller, principal, options)
        : accessUserByEmail(ctx, caller, principal, options);
    users.set(user.id, user);
  }
  return [...users.values()];
}

/** Whether `target` is the caller or one of the caller's bots: acting on them is not acting on others. */
export function directlyControls(caller: UserRecord, target: UserRecord): boolean {
  return target.id === caller.id || (target.is_bot && target.bot_owner_id === caller.id);
}
