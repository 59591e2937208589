import type { Subscription } from '@teamchat/schema';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { ChannelRecord, SubscriptionRecord } from '../model/records/channels.js';
import { activeSubscriberIds } from '../model/channel-access.js';
import { formatSubscription } from './format-channel.js';

/**
 * From this many subscribers on, `include_subscribers: "partial"` lists only some of them
 * (`partial_subscribers`), as the real server's `MIN_PARTIAL_SUBSCRIBERS_CHANNEL_SIZE`.
 */
const MIN_PARTIAL_SUBSCRIBERS_CHANNEL_SIZE = 1000;

type Ctx = Pick<Context, 'db' | 'indexes' | 'now'>;

/**
 * One subscription as listed: with `subscribers` when asked; with `partial: true`, a large
 * channel gets `partial_subscribers` instead. The real server keeps there the bots and the
 * users who are not long-term idle; this server does not track idleness, so the list is the
 * same as the full one.
 */
function listedSubscription(
  ctx: Ctx,
  channel: ChannelRecord,
  sub: SubscriptionRecord,
  include: boolean | 'partial',
): Subscription {
  if (include === false) return formatSubscription(ctx, channel, sub);
  const subscribers = activeSubscriberIds(ctx, channel.id);
  if (include === 'partial' && subscribers.length >= MIN_PARTIAL_SUBSCRIBERS_CHANNEL_SIZE) {
    return { ...formatSubscription(ctx, channel, sub), partial_subscribers: subscribers };
  }
  return formatSubscription(ctx, channel, sub, subscribers);
}

/**
 * GET /users/me/subscriptions: the caller's active subscriptions to channels that are not
 * archived, sorted by channel name, each a channel object with the personal settings.
 *
 * @see https://zulip.com/api/get-subscriptions
 */
export function listSubscriptions(params: OperationParams<'channels.listSubscriptions'>, ctx: UserContext) {
  const subscriptions: Subscription[] = [];
  for (const sub of ctx.indexes.subscriptionsByUser.get(ctx.user.id)?.values() ?? []) {
    const channel = ctx.db.get('channels', sub.stream_id);
    if (!channel || channel.is_archived) continue;
    subscriptions.push(listedSubscription(ctx, channel, sub, params.include_subscribers));
  }
  // Code-point order, as Python sorts the names.
  subscriptions.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { subscriptions };
}
