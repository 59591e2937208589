import { ApiError } from '@teamchat/schema';
import type { StateBlock } from '../events/state-block.js';
import { emit } from '../events/emit.js';
import { changeFlag } from '../messages/update-flags.js';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import { unreadIds } from '../model/message-flags.js';

function mutedUsersOf(ctx: Pick<Context, 'db'>, userId: number): { id: number; timestamp: number }[] {
  return [...ctx.db.all('muted_users')]
    .filter((row) => row.user_id === userId)
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ id: row.muted_user_id, timestamp: row.date_muted }));
}

/** The `muted_users` block of POST /register: whom the user muted, and when. */
export const mutedUsersState: StateBlock = {
  eventTypes: ['muted_users'],
  fetch: (ctx) => ({ muted_users: mutedUsersOf(ctx, ctx.user.id) }),
};

function target(ctx: UserContext, id: number) {
  const user = ctx.db.get('users', id);
  // The real server lets one mute deactivated users and bots, not the server's own bots.
  if (!user || user.is_system_bot) throw new ApiError('BAD_REQUEST', 'No such user');
  return user;
}

/**
 * POST /users/me/muted_users/{muted_user_id}: mutes a user. Their messages the caller has not
 * read are marked read (events `update_message_flags`), their new ones arrive read. Event
 * `muted_users` to the caller.
 */
export function muteUser(params: OperationParams<'mutedUsers.mute'>, ctx: UserContext<'hooks' | 'jobs'>) {
  if (params.muted_user_id === ctx.user.id) throw new ApiError('BAD_REQUEST', 'Cannot mute self');
  const muted = target(ctx, params.muted_user_id);
  if ([...ctx.db.all('muted_users')].some((row) => row.user_id === ctx.user.id && row.muted_user_id === muted.id)) {
    throw new ApiError('BAD_REQUEST', 'User already muted');
  }
  ctx.db.put('muted_users', {
    id: ctx.db.nextId('muted_users'),
    user_id: ctx.user.id,
    muted_user_id: muted.id,
    date_muted: Math.floor(ctx.now() / 1000),
  });
  const unread = [...unreadIds(ctx, ctx.user.id)]
    .map((id) => ctx.db.get('messages', id))
    .filter((message) => message !== undefined && message.sender_id === muted.id);
  if (unread.length > 0)
    changeFlag(
      ctx,
      ctx.user,
      unread.filter((m) => m !== undefined),
      'read',
      'add',
    );
  emit(ctx, [ctx.user.id], { type: 'muted_users', muted_users: mutedUsersOf(ctx, ctx.user.id) });
  return {};
}

/** DELETE /users/me/muted_users/{muted_user_id}: unmutes a user. */
export function unmuteUser(params: OperationParams<'mutedUsers.unmute'>, ctx: UserContext) {
  const muted = target(ctx, params.muted_user_id);
  const row = [...ctx.db.all('muted_users')].find((r) => r.user_id === ctx.user.id && r.muted_user_id === muted.id);
  if (!row) throw new ApiError('BAD_REQUEST', 'User is not muted');
  ctx.db.delete('muted_users', row.id);
  emit(ctx, [ctx.user.id], { type: 'muted_users', muted_users: mutedUsersOf(ctx, ctx.user.id) });
  return {};
}
