import { z } from 'zod';
import { Channel, Subscription } from '../models/channel.js';
import { GroupSettingValue, Timestamp } from '../models/common.js';
import { ChannelFolder } from '../models/realm-config.js';
import { defineEvent, defineOpEvent } from './define-event.js';

/** Channels the user can now see were created (or became visible to them). */
export const StreamCreateEvent = defineOpEvent('stream', 'create', { streams: z.array(Channel) });

/** Channels were archived (or the user can no longer see them): `stream_ids`; `streams` is the deprecated form. */
export const StreamDeleteEvent = defineOpEvent('stream', 'delete', {
  stream_ids: z.array(z.number().int()).optional(),
  streams: z.array(z.looseObject({ stream_id: z.number().int() })).optional(),
});

/** One property of a channel changed: `property` is now `value` (a group setting's value for `can_*_group`). */
export const StreamUpdateEvent = defineOpEvent('stream', 'update', {
  stream_id: z.number().int(),
  name: z.string(),
  property: z.string(),
  value: z.union([GroupSettingValue, z.string(), z.number(), z.boolean(), z.null()]),
  rendered_description: z.string().optional(),
  history_public_to_subscribers: z.boolean().optional(),
  is_web_public: z.boolean().optional(),
});

/** The user was subscribed to channels. */
export const SubscriptionAddEvent = defineOpEvent('subscription', 'add', { subscriptions: z.array(Subscription) });

/** The user was unsubscribed from channels. */
export const SubscriptionRemoveEvent = defineOpEvent('subscription', 'remove', {
  subscriptions: z.array(z.looseObject({ stream_id: z.number().int(), name: z.string() })),
});

/** A personal setting of one of the user's subscriptions changed (`color`, `is_muted`, `pin_to_top`, …). */
export const SubscriptionUpdateEvent = defineOpEvent('subscription', 'update', {
  stream_id: z.number().int(),
  property: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});

const PeerFields = { stream_ids: z.array(z.number().int()), user_ids: z.array(z.number().int()) };
/** Other users were subscribed to channels the user can see the subscribers of. */
export const SubscriptionPeerAddEvent = defineOpEvent('subscription', 'peer_add', PeerFields);
/** Other users were unsubscribed. */
export const SubscriptionPeerRemoveEvent = defineOpEvent('subscription', 'peer_remove', PeerFields);

/** The organization's default channels changed: their IDs (objects before feature level 330). */
export const DefaultStreamsEvent = defineEvent('default_streams', {
  default_streams: z.array(z.union([z.number().int(), Channel])),
});

/** The organization's default channel groups changed. */
export const DefaultStreamGroupsEvent = defineEvent('default_stream_groups', {
  default_stream_groups: z.array(
    z.looseObject({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      streams: z.array(z.union([z.number().int(), Channel])),
    }),
  ),
});

/** A channel folder was created. */
export const ChannelFolderAddEvent = defineOpEvent('channel_folder', 'add', { channel_folder: ChannelFolder });

/** Fields of a channel folder changed (`data` holds the changed ones). */
export const ChannelFolderUpdateEvent = defineOpEvent('channel_folder', 'update', {
  channel_folder_id: z.number().int(),
  data: z.looseObject({
    name: z.string().optional(),
    description: z.string().optional(),
    rendered_description: z.string().optional(),
    is_archived: z.boolean().optional(),
  }),
});

/** The channel folders were put in a new `order` (their IDs). */
export const ChannelFolderReorderEvent = defineOpEvent('channel_folder', 'reorder', {
  order: z.array(z.number().int()),
});

/** The user's visibility policy of a topic changed (0 none, 1 muted, 2 unmuted, 3 followed). */
export const UserTopicEvent = defineEvent('user_topic', {
  stream_id: z.number().int(),
  topic_name: z.string(),
  last_updated: Timestamp,
  visibility_policy: z.number().int(),
});

/** Deprecated (for clients without `user_topic`): the user's muted topics, `[channel name, topic, timestamp]`. */
export const MutedTopicsEvent = defineEvent('muted_topics', {
  muted_topics: z.array(z.tuple([z.string(), z.string(), Timestamp]).rest(z.unknown())),
});
