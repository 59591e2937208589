import type { Context } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { userByEmail } from '../model/user-by-email.js';
import { channelByName } from '../model/channel-name.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'config'>;

/**
 * The channel a narrow operand names: an ID, or a name compared case-insensitively. Archived
 * channels count; access is checked elsewhere (a user may read what they received in a
 * private channel they left).
 */
export function channelByOperand(ctx: Ctx, operand: string | number): ChannelRecord | undefined {
  return typeof operand === 'number' ? ctx.db.get('channels', operand) : channelByName(ctx, operand);
}

/**
 * The user an email operand names. Like the real server, the address is the API email
 * (`email` of user objects: the real address when visible to everyone, else
 * `user{id}@{host}`), compared case-insensitively after trimming; deactivated users count.
 */
export function userByApiEmail(ctx: Ctx, email: string): UserRecord | undefined {
  return userByEmail(ctx, email, { realAddress: false, anyDummyAddress: false });
}

/** The user a `sender`/`dm-including`/`group-pm-with` operand names: an ID or an API email. */
export function userByOperand(ctx: Ctx, operand: string | number): UserRecord | undefined {
  return typeof operand === 'number' ? ctx.db.get('users', operand) : userByApiEmail(ctx, operand);
}
