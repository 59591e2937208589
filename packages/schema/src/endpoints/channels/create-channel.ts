import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { GroupSettingValue } from '../../models/common.js';
import { TopicsPolicy } from '../../models/channel.js';

/** `message_retention_days`: days, `realm_default` or `unlimited` (JSON-quoted on the wire). */
export const MessageRetentionDays = z
  .union([z.number().int(), z.enum(['realm_default', 'unlimited', 'forever'])])
  .meta({ wire: 'json' });

/**
 * POST /channels/create: create a channel and subscribe users to it. Since feature level 417.
 *
 * @see https://zulip.com/api/create-channel
 */
export const createChannel = defineEndpoint({
  name: 'channels.create',
  method: 'POST',
  path: '/channels/create',
  access: 'member',
  since: 417,
  summary: 'Create a channel and optionally subscribe users to it.',
  docs: 'create-channel',
  params: z.object({
    name: z.string(),
    description: z.string().optional(),
    subscribers: z.array(z.number().int()),
    announce: z.boolean().default(false),
    /** Whether others subscribed get a Notification Bot direct message (FL 397). */
    send_new_subscription_messages: z.boolean().default(true),
    invite_only: z.boolean().default(false),
    is_web_public: z.boolean().default(false),
    is_default_stream: z.boolean().default(false),
    folder_id: z.number().int().optional(),
    // JSON-encoded (`"inherit"` with quotes), as the real API documents; a bare value is taken too.
    topics_policy: TopicsPolicy.meta({ wire: 'raw-or-json' }).optional(),
    history_public_to_subscribers: z.boolean().optional(),
    message_retention_days: MessageRetentionDays.optional(),
    can_add_subscribers_group: GroupSettingValue.optional(),
    can_delete_any_message_group: GroupSettingValue.optional(),
    can_delete_own_message_group: GroupSettingValue.optional(),
    can_remove_subscribers_group: GroupSettingValue.optional(),
    can_administer_channel_group: GroupSettingValue.optional(),
    can_move_messages_out_of_channel_group: GroupSettingValue.optional(),
    can_move_messages_within_channel_group: GroupSettingValue.optional(),
    can_send_message_group: GroupSettingValue.optional(),
    can_subscribe_group: GroupSettingValue.optional(),
    can_resolve_topics_group: GroupSettingValue.optional(),
  }),
  response: z.looseObject({ id: z.number().int() }),
  errors: ['BAD_REQUEST', 'REQUEST_VARIABLE_INVALID', 'UNAUTHORIZED_PRINCIPAL', 'CHANNEL_ALREADY_EXISTS'],
});
