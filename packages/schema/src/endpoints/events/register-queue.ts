import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Channel, Subscription } from '../../models/channel.js';
import { User } from '../../models/user.js';
import { Narrow } from '../../models/narrow.js';

/**
 * POST /register: create an event queue and fetch the initial state it continues from.
 *
 * State blocks are selected by `fetch_event_types` (default: `event_types`, default: all).
 */
export const registerQueue = defineEndpoint({
  name: 'events.register',
  method: 'POST',
  path: '/register',
  access: 'user',
  summary: 'Register an event queue and fetch the initial state of the selected areas.',
  docs: 'register-queue',
  params: z.object({
    apply_markdown: z.boolean().default(false),
    client_extavatar: z.boolean().default(true),
    include_subscribers: z.union([z.boolean(), z.literal('partial')]).default(false),
    slim_presence: z.boolean().default(false),
    presence_history_limit_days: z.number().int().optional(),
    event_types: z.array(z.string()).nullable().optional(),
    fetch_event_types: z.array(z.string()).nullable().optional(),
    all_public_streams: z.boolean().default(false),
    client_capabilities: z.record(z.string(), z.boolean()).optional(),
    narrow: Narrow.default([]),
    lifespan_secs: z.number().int().nonnegative().optional(),
  }),
  aliases: { client_gravatar: 'client_extavatar' },
  response: z.looseObject({
    queue_id: z.string().nullable(),
    last_event_id: z.number().int(),
    zulip_feature_level: z.number().int(),
    zulip_version: z.string(),
    zulip_merge_base: z.string(),
    realm_empty_topic_display_name: z.string().optional(),
    max_stream_name_length: z.number().int().optional(),
    max_stream_description_length: z.number().int().optional(),
    max_topic_length: z.number().int().optional(),
    max_message_length: z.number().int().optional(),
    realm_users: z.array(User).optional(),
    realm_non_active_users: z.array(User).optional(),
    streams: z.array(Channel).optional(),
    subscriptions: z.array(Subscription).optional(),
    user_settings: z.record(z.string(), z.unknown()).optional(),
    realm_user_settings_defaults: z.record(z.string(), z.unknown()).optional(),
  }),
  errors: ['BAD_REQUEST'],
});
