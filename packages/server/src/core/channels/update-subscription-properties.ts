import { ApiError, SUBSCRIPTION_PROPERTIES, type SubscriptionPropertyChange } from '@teamchat/schema';
import type { SubscriptionRecord } from '../model/records/channels.js';
import { emit } from '../events/emit.js';
import { subscriptionColor } from './subscription-color.js';
import { accessChannelById } from '../model/channel-access.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/** The stored properties a request may change (`in_home_view` is the inverse of `is_muted`). */
type StoredProperty = Exclude<keyof SubscriptionRecord, 'id' | 'user_id' | 'stream_id' | 'active'>;

/** A checked change: the stored property and its new value. */
interface StoredChange {
  streamId: number;
  property: StoredProperty;
  value: boolean | string;
}

/**
 * Checks one change with the real server's messages and maps it to the stored property.
 * Colours are stored in lowercase, and `#abc` as `#aabbcc`, the form clients expect.
 */
function storedChange({ stream_id: streamId, property, value }: SubscriptionPropertyChange): StoredChange {
  if (property === 'color') {
    if (typeof value !== 'string') throw new ApiError('BAD_REQUEST', 'color is not a string');
    return { streamId, property, value: subscriptionColor(value, 'color') };
  }
  // Every property but `color` (handled above) is a boolean.
  if (!(SUBSCRIPTION_PROPERTIES as readonly string[]).includes(property))
    throw new ApiError('BAD_REQUEST', `Unknown subscription property: ${property}`);
  if (typeof value !== 'boolean') throw new ApiError('BAD_REQUEST', `${property} is not a boolean`);
  if (property === 'in_home_view') return { streamId, property: 'is_muted', value: !value };
  return { streamId, property: property as StoredProperty, value };
}

/**
 * POST /users/me/subscriptions/properties: changes personal settings of the caller's
 * subscriptions. Every change is checked before any is made (`Unknown subscription property:
 * p`, `p is not a boolean`, `color is not a valid hex color code`, `Invalid channel ID`,
 * `Not subscribed to channel ID n`), so a failing request changes nothing. Each change emits
 * `subscription update {stream_id, property, value}` to the caller; a change of `is_muted` or
 * `in_home_view` emits two, the legacy `in_home_view` first, then `is_muted` (FL 139).
 *
 * @see https://zulip.com/api/update-subscription-settings
 */
export function updateSubscriptionProperties(
  params: OperationParams<'channels.updateSubscriptionProperties'>,
  ctx: UserContext,
) {
  const changes = params.subscription_data.map(storedChange);
  const subscriptions = changes.map(({ streamId }) => {
    accessChannelById(ctx, ctx.user, streamId);
    const sub = ctx.indexes.subscriptionsByUser.get(ctx.user.id)?.get(streamId);
    if (!sub) throw new ApiError('BAD_REQUEST', `Not subscribed to channel ID ${streamId}`);
    return sub;
  });
  changes.forEach(({ streamId, property, value }, index) => {
    ctx.db.patch('subscriptions', (subscriptions[index] as SubscriptionRecord).id, { [property]: value });
    if (property === 'is_muted') {
      emit(ctx, [ctx.user.id], {
        type: 'subscription',
        op: 'update',
        property: 'in_home_view',
        value: !value,
        stream_id: streamId,
      });
    }
    emit(ctx, [ctx.user.id], { type: 'subscription', op: 'update', property, value, stream_id: streamId });
  });
  return {};
}
