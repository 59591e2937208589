import type { StateBlock } from '../events/state-block.js';
import type { ChannelRecord } from '../model/records/channels.js';
import { activeSubscriberIds, hasMetadataAccess } from '../model/channel-access.js';
import { formatChannel, formatSubscription } from './format-channel.js';

/** The `stream` block of POST /register: every channel the user can see. */
export const streamState: StateBlock = {
  eventTypes: ['stream'],
  fetch(ctx, _params, capabilities) {
    const streams = [...ctx.db.all('channels')]
      .filter(
        (channel) =>
          (capabilities['archived_channels'] === true || !channel.is_archived) &&
          hasMetadataAccess(ctx, ctx.user, channel),
      )
      .map((channel) => formatChannel(ctx, channel));
    return { streams };
  },
};

/**
 * The `subscription` block: the user's subscriptions, former subscriptions (`unsubscribed`)
 * and the visible channels never subscribed to, with subscriber lists when asked.
 */
export const subscriptionState: StateBlock = {
  eventTypes: ['subscription'],
  fetch(ctx, params, capabilities) {
    const withSubscribers = params.include_subscribers !== false;
    const subscribersOf = (channel: ChannelRecord) =>
      withSubscribers ? activeSubscriberIds(ctx, channel.id) : undefined;
    const mine = ctx.indexes.allSubscriptionsByUser.get(ctx.user.id);
    const subscriptions = [];
    const unsubscribed = [];
    const neverSubscribed = [];
    for (const channel of ctx.db.all('channels')) {
      if (channel.is_archived && capabilities['archived_channels'] !== true) continue;
      const sub = mine?.get(channel.id);
      if (sub?.active) subscriptions.push(formatSubscription(ctx, channel, sub, subscribersOf(channel)));
      else if (!hasMetadataAccess(ctx, ctx.user, channel)) continue;
      else if (sub) unsubscribed.push(formatSubscription(ctx, channel, sub, subscribersOf(channel)));
      else {
        const subscribers = subscribersOf(channel);
        neverSubscribed.push(
          subscribers ? { ...formatChannel(ctx, channel), subscribers } : formatChannel(ctx, channel),
        );
      }
    }
    return { subscriptions, unsubscribed, never_subscribed: neverSubscribed };
  },
};
