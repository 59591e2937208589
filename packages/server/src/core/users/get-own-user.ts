import { formatUser } from './format-user.js';
import { profileDataOf } from './profile-data.js';
import type { OperationParams, UserContext } from '../model/context.js';
import { receivedIds } from '../model/message-flags.js';

/** GET /users/me: the caller's own record, flat, with `profile_data` and `max_message_id`. */
export function getOwnUser(_params: OperationParams<'users.me'>, ctx: UserContext) {
  const received = receivedIds(ctx, ctx.user.id);
  const maxMessageId = received[received.length - 1] ?? -1;
  return {
    ...formatUser(ctx.user, { viewer: ctx.user, realmUrl: ctx.config.realmUrl, clientExtavatar: false }),
    profile_data: profileDataOf(ctx, ctx.user),
    max_message_id: maxMessageId,
  };
}
