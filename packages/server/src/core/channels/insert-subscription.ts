import type { Context } from '../runtime/context.js';
import type { SubscriptionRecord } from '../model/records/channels.js';

/** Colours given to new subscriptions (lowercase `#rrggbb`, as clients expect). */
const SUBSCRIPTION_COLORS = [
  '#76ce90',
  '#fae589',
  '#a6c7e5',
  '#e79ab5',
  '#bfd56f',
  '#f4ae55',
  '#b0a5fd',
  '#addfe5',
  '#f5ce6e',
  '#c2726a',
  '#94c849',
  '#bd86e5',
  '#ee7e4a',
  '#a6dcbf',
  '#95a5fd',
  '#53a063',
  '#9987e1',
  '#e4523d',
  '#c2c2c2',
  '#4f8de4',
] as const;

type Ctx = Pick<Context, 'db' | 'indexes'>;

/** The first colour none of the user's active subscriptions has; when all are taken, the palette again from the start. */
function pickSubscriptionColor(ctx: Pick<Context, 'indexes'>, userId: number): string {
  const used = new Set([...(ctx.indexes.subscriptionsByUser.get(userId)?.values() ?? [])].map((sub) => sub.color));
  const free = SUBSCRIPTION_COLORS.find((color) => !used.has(color));
  return free ?? (SUBSCRIPTION_COLORS[used.size % SUBSCRIPTION_COLORS.length] as string);
}

/** A new subscription. */
export interface NewSubscription {
  userId: number;
  channelId: number;
  /** Defaults to {@link pickSubscriptionColor}. */
  color?: string;
  isMuted?: boolean;
}

/**
 * Stores a new, active subscription with the default personal settings and returns it. The
 * caller checks that the user has none for the channel yet (an inactive one is reactivated
 * instead) and sends the events.
 */
export function insertSubscription(ctx: Ctx, subscription: NewSubscription): SubscriptionRecord {
  return ctx.db.put('subscriptions', {
    id: ctx.db.nextId('subscriptions'),
    user_id: subscription.userId,
    stream_id: subscription.channelId,
    active: true,
    color: subscription.color ?? pickSubscriptionColor(ctx, subscription.userId),
    is_muted: subscription.isMuted ?? false,
    pin_to_top: false,
    desktop_notifications: null,
    audible_notifications: null,
    push_notifications: null,
    email_notifications: null,
    wildcard_mentions_notify: null,
  });
}
