import type { DbStore } from './db.js';
import type { DirectMessageGroupRecord } from './records/messages.js';
import type { SubscriptionRecord } from './records/channels.js';
import type { UserRecord } from './records/users.js';
import { createAttachmentIndex, type AttachmentIndex } from './attachment-index.js';
import { createMessageIndex, type MessageIndex } from './message-index.js';

/** Lookup structures kept in step with the store (rebuilt at start-up). */
export interface Indexes {
  /** Lowercased delivery email → user. */
  usersByEmail: Map<string, UserRecord>;
  /** Active subscriptions per user: user ID → channel ID → subscription. */
  subscriptionsByUser: Map<number, Map<number, SubscriptionRecord>>;
  /**
   * Every subscription per user, active or not (unsubscribing keeps the record):
   * user ID → channel ID → subscription.
   */
  allSubscriptionsByUser: Map<number, Map<number, SubscriptionRecord>>;
  /** Active subscriber IDs per channel. */
  subscribersByChannel: Map<number, Set<number>>;
  /** Lowercased channel name → channel ID. */
  channelsByName: Map<string, number>;
  messages: MessageIndex;
  /** Participants key (`"3,7,9"`) → direct-message group. */
  directMessageGroups: Map<string, DirectMessageGroupRecord>;
  /** Recipient ID → direct-message group. */
  directMessageGroupsByRecipient: Map<number, DirectMessageGroupRecord>;
  /** The uploads by path and by the messages that link them, and their total size. */
  attachments: AttachmentIndex;
}

function nested<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** Builds the indexes of `store` and keeps them current. */
export function createIndexes(store: DbStore): Indexes {
  const indexes: Indexes = {
    usersByEmail: new Map(),
    subscriptionsByUser: new Map(),
    allSubscriptionsByUser: new Map(),
    subscribersByChannel: new Map(),
    channelsByName: new Map(),
    messages: createMessageIndex(store),
    directMessageGroups: new Map(),
    directMessageGroupsByRecipient: new Map(),
    attachments: createAttachmentIndex(store),
  };
  store.observe('direct_message_groups', {
    put(group) {
      indexes.directMessageGroups.set(group.user_ids.join(','), group);
      indexes.directMessageGroupsByRecipient.set(group.recipient_id, group);
    },
    delete(group) {
      indexes.directMessageGroups.delete(group.user_ids.join(','));
      indexes.directMessageGroupsByRecipient.delete(group.recipient_id);
    },
  });
  store.observe('users', {
    put(user, previous) {
      if (previous && previous.email.toLowerCase() !== user.email.toLowerCase()) {
        indexes.usersByEmail.delete(previous.email.toLowerCase());
      }
      indexes.usersByEmail.set(user.email.toLowerCase(), user);
    },
    delete(user) {
      indexes.usersByEmail.delete(user.email.toLowerCase());
    },
  });
  const unsubscribe = (sub: SubscriptionRecord) => {
    indexes.subscriptionsByUser.get(sub.user_id)?.delete(sub.stream_id);
    indexes.subscribersByChannel.get(sub.stream_id)?.delete(sub.user_id);
  };
  store.observe('subscriptions', {
    put(sub, previous) {
      if (previous) {
        unsubscribe(previous);
        indexes.allSubscriptionsByUser.get(previous.user_id)?.delete(previous.stream_id);
      }
      nested(indexes.allSubscriptionsByUser, sub.user_id, () => new Map()).set(sub.stream_id, sub);
      if (!sub.active) return;
      nested(indexes.subscriptionsByUser, sub.user_id, () => new Map()).set(sub.stream_id, sub);
      nested(indexes.subscribersByChannel, sub.stream_id, () => new Set()).add(sub.user_id);
    },
    delete(sub) {
      unsubscribe(sub);
      indexes.allSubscriptionsByUser.get(sub.user_id)?.delete(sub.stream_id);
    },
  });
  store.observe('channels', {
    put(channel, previous) {
      if (previous) indexes.channelsByName.delete(previous.name.toLowerCase());
      indexes.channelsByName.set(channel.name.toLowerCase(), channel.id);
    },
    delete(channel) {
      indexes.channelsByName.delete(channel.name.toLowerCase());
    },
  });
  return indexes;
}
