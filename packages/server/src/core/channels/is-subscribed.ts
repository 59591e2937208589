import { accessUserById } from '../model/user-access.js';
import { accessChannelById, isSubscribed } from '../model/channel-access.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /users/{user_id}/subscriptions/{stream_id}: whether the user is subscribed to the
 * channel, as the real server's `get_subscription_backend`: the user is looked up as for
 * GET /users/{id} without admin rights (bots and unknown IDs are `No such user`, deactivated
 * users `User is deactivated`), then the channel, which the caller must be able to see
 * (`Invalid channel ID` otherwise, and for archived channels).
 *
 * @see https://zulip.com/api/get-subscription-status
 */
export function subscriptionStatus(params: OperationParams<'channels.isSubscribed'>, ctx: UserContext) {
  const target = accessUserById(ctx, ctx.user, params.user_id, { forAdmin: false });
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { metadataOnly: true });
  return { is_subscribed: isSubscribed(ctx, target, channel) };
}
