import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { badNarrow, operandText } from './narrow-errors.js';
import { userByApiEmail } from './resolve-operand.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'config'>;

/**
 * The recipient of the `dm` conversation an operand names (user IDs, or comma-separated API
 * emails), the viewer always being a participant: the viewer's personal recipient for a
 * self-conversation, else the conversation's group. Null when that conversation was never
 * started (or the operand is an empty list): nothing matches then.
 *
 * @throws {ApiError} `BAD_NARROW` `unknown user in {operand}` for an unknown user.
 */
export function resolveDirectOperand(ctx: Ctx, viewer: UserRecord, operand: string | readonly number[]): number | null {
  const users: (UserRecord | undefined)[] =
    typeof operand === 'string'
      ? operand.split(',').map((email) => userByApiEmail(ctx, email))
      : operand.map((id) => ctx.db.get('users', id));
  if (users.some((user) => user === undefined)) throw badNarrow(`unknown user in ${operandText(operand)}`);
  if (users.length === 0) return null;
  const ids = [...new Set([viewer.id, ...users.map((user) => (user as UserRecord).id)])].sort((a, b) => a - b);
  if (ids.length === 1) return viewer.recipient_id;
  return ctx.indexes.directMessageGroups.get(ids.join(','))?.recipient_id ?? null;
}
