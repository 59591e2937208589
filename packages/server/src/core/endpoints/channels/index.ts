import { archiveChannelImpl } from './archive-channel.js';
import { createChannelImpl } from './create-channel.js';
import { deleteTopicImpl } from './delete-topic.js';
import { getChannelIdImpl } from './get-channel-id.js';
import { getChannelImpl } from './get-channel.js';
import { isSubscribedImpl } from './is-subscribed.js';
import { listChannelsImpl } from './list-channels.js';
import { listSubscribersImpl } from './list-subscribers.js';
import { listSubscriptionsImpl } from './list-subscriptions.js';
import { listTopicsImpl } from './list-topics.js';
import { subscribeImpl } from './subscribe.js';
import { unsubscribeImpl } from './unsubscribe.js';
import { updateSubscriptionsImpl } from './update-subscriptions.js';
import { updateChannelImpl } from './update-channel.js';
import { getChannelEmailAddressImpl } from './get-channel-email-address.js';
import { updateSubscriptionPropertiesImpl } from './update-subscription-properties.js';

/** The handlers of the `channels` contracts, in the order of the schema's table. */
export const channels = [
  createChannelImpl,
  listChannelsImpl,
  listTopicsImpl,
  deleteTopicImpl,
  subscribeImpl,
  listSubscriptionsImpl,
  unsubscribeImpl,
  getChannelImpl,
  updateChannelImpl,
  archiveChannelImpl,
  getChannelIdImpl,
  listSubscribersImpl,
  isSubscribedImpl,
  updateSubscriptionPropertiesImpl,
  getChannelEmailAddressImpl,
  updateSubscriptionsImpl,
] as const;
