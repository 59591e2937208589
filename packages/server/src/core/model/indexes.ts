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
  /**
   * The message index: built on first use (a million messages take a few hundred milliseconds),
   * from the store as it is then, and kept current from there on; see {@link Indexes.complete}.
   */
  readonly messages: MessageIndex;
  /** Participants key (`"3,7,9"`) → direct-message group. */
  directMessageGroups: Map<string, DirectMessageGroupRecord>;
  /** Recipient ID → direct-message group. */
  directMessageGroupsByRecipient: Map<number, DirectMessageGroupRecord>;
  /** The uploads by path and by the messages that link them, and their total size. */
  attachments: AttachmentIndex;
  /**
   * Builds what is built on first use (the message index) now: a server calls it once it
   * answers, so that the first request that needs it does not wait for it.
   */
  complete(): void;
}

function nested<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/**
 * Builds the indexes of `store` and keeps them current. The message index is built on first
 * use: it derives from the messages and rows as they are whenever it is built (the store feeds
 * a new observer every record it holds, uncommitted writes included, and their undoing later),
 * so a later build equals one kept current since the start.
 */
export function createIndexes(store: DbStore): Indexes {
  let messages: MessageIndex | null = null;
  const indexes: Indexes = {
    usersByEmail: new Map(),
    subscriptionsByUser: new Map(),
    allSubscriptionsByUser: new Map(),
    subscribersByChannel: new Map(),
    channelsByName: new Map(),
    get messages() {
      return (messages ??= createMessageIndex(store));
    },
    directMessageGroups: new Map(),
    directMessageGroupsByRecipient: new Map(),
    attachments: createAttachmentIndex(store),
    complete() {
      messages ??= createMessageIndex(store);
    },
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
