import { formatUser } from '../model/format-user.js';
import { profileDataOf } from './profile-data.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { receivedIds } from '../model/message-flags.js';

/** GET /users/me: the caller's own record, flat, with `profile_data` and `max_message_id`. */
export function getOwnUser(_params: OperationParams<'users.me'>, ctx: UserContext) {
  const received = receivedIds(ctx, ctx.user.id);
  const maxMessageId = received[received.length - 1] ?? -1;
  const { bot_type: botType, ...user } = formatUser(ctx.user, {
    viewer: ctx.user,
    realmUrl: ctx.config.realmUrl,
    clientExtavatar: false,
  });
  return {
    ...user,
    // As the real `format_user_row`: only bots carry `bot_type` (the documented response has none).
    ...(ctx.user.is_bot ? { bot_type: botType } : {}),
    profile_data: profileDataOf(ctx, ctx.user),
    max_message_id: maxMessageId,
  };
}
