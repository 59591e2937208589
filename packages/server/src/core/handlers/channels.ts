import { areaHandlers } from '../dispatch/handler.js';
import { archiveChannelOperation } from '../channels/archive-channel.js';
import { getChannelEmailAddress } from '../channels/channel-email-address.js';
import { createChannel } from '../channels/create-channel.js';
import { deleteTopic } from '../channels/delete-topic.js';
import { getChannelId } from '../channels/get-channel-id.js';
import { getChannel } from '../channels/get-channel.js';
import { subscriptionStatus } from '../channels/is-subscribed.js';
import { listChannels } from '../channels/list-channels.js';
import { listSubscribers } from '../channels/list-subscribers.js';
import { listSubscriptions } from '../channels/list-subscriptions.js';
import { listTopics } from '../channels/list-topics.js';
import { subscribe } from '../channels/subscribe.js';
import { unsubscribe } from '../channels/unsubscribe.js';
import { updateChannel } from '../channels/update-channel.js';
import { updateSubscriptionProperties } from '../channels/update-subscription-properties.js';
import { updateSubscriptions } from '../channels/update-subscriptions.js';

/**
 * The handlers of the `channels` contracts (schema/src/endpoints/channels/); its ports: deleting a
 * topic deletes its uploads' files, batch by batch in transactions of its own; the Notification
 * Bot's notices are messages (hooks and jobs).
 */
export const channelsHandlers = areaHandlers(
  'channels',
  { ports: ['files', 'hooks', 'jobs', 'store'] },
  {
    'channels.archive': { operation: archiveChannelOperation },
    'channels.create': { operation: createChannel },
    'channels.deleteTopic': { operation: deleteTopic, ownTransactions: true },
    'channels.get': { operation: getChannel },
    'channels.getEmailAddress': { operation: getChannelEmailAddress },
    'channels.getId': { operation: getChannelId },
    'channels.isSubscribed': { operation: subscriptionStatus },
    'channels.list': { operation: listChannels },
    'channels.listSubscribers': { operation: listSubscribers },
    'channels.listSubscriptions': { operation: listSubscriptions },
    'channels.listTopics': { operation: listTopics },
    'channels.subscribe': { operation: subscribe },
    'channels.unsubscribe': { operation: unsubscribe },
    'channels.update': { operation: updateChannel },
    'channels.updateSubscriptionProperties': { operation: updateSubscriptionProperties },
    'channels.updateSubscriptions': { operation: updateSubscriptions },
  },
);
