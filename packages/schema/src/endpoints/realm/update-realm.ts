import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { GroupSettingUpdate } from '../../models/common.js';

/** A time limit in seconds, or `"unlimited"` (JSON-quoted on the wire) for none. */
const Limit = z.union([z.number().int().nonnegative(), z.literal('unlimited')]).meta({ wire: 'json' });

/** Organization group settings PATCH /realm changes (`{new, old}` updates). */
export const REALM_GROUP_SETTING_PARAMS = [
  'can_access_all_users_group',
  'can_add_custom_emoji_group',
  'can_add_subscribers_group',
  'can_create_groups',
  'can_create_private_channel_group',
  'can_create_public_channel_group',
  'can_create_web_public_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_invite_users_group',
  'can_manage_all_groups',
  'can_mention_many_users_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
  'can_set_delete_message_policy_group',
  'can_set_topics_policy_group',
  'create_multiuse_invite_group',
  'direct_message_permission_group',
  'direct_message_initiator_group',
] as const;

const groupParams = Object.fromEntries(
  REALM_GROUP_SETTING_PARAMS.map((name) => [name, GroupSettingUpdate.optional()]),
) as {
  [K in (typeof REALM_GROUP_SETTING_PARAMS)[number]]: z.ZodOptional<typeof GroupSettingUpdate>;
};

/**
 * PATCH /realm: change the organization's settings (administrators; a few need an owner).
 * The answer names each changed setting: strings as `"updated"`, other values as set.
 */
export const updateRealm = defineEndpoint({
  name: 'realm.update',
  method: 'PATCH',
  path: '/realm',
  access: 'admin',
  summary: "Update the organization's settings.",
  docsNote: 'The real server has it (its web app uses it), but not in its API documentation.',
  params: z.object({
    name: z.string().optional(),
    description: z.string().optional(),
    default_language: z.string().optional(),
    welcome_message_custom_text: z.string().optional(),
    email_changes_disabled: z.boolean().optional(),
    name_changes_disabled: z.boolean().optional(),
    avatar_changes_disabled: z.boolean().optional(),
    require_unique_names: z.boolean().optional(),
    enable_spectator_access: z.boolean().optional(),
    invite_required: z.boolean().optional(),
    emails_restricted_to_domains: z.boolean().optional(),
    disallow_disposable_email_addresses: z.boolean().optional(),
    waiting_period_threshold: z.number().int().nonnegative().optional(),
    /** Days, or `"unlimited"` (owners only). */
    message_retention_days: z
      .union([z.number().int().positive(), z.literal('unlimited')])
      .meta({ wire: 'json' })
      .optional(),
    allow_message_editing: z.boolean().optional(),
    message_content_edit_limit_seconds: Limit.optional(),
    message_content_delete_limit_seconds: Limit.optional(),
    move_messages_within_stream_limit_seconds: Limit.optional(),
    move_messages_between_streams_limit_seconds: Limit.optional(),
    message_edit_history_visibility_policy: z.enum(['all', 'moves', 'none']).optional(),
    topics_policy: z.enum(['allow_empty_topic', 'disable_empty_topic']).optional(),
    presence_disabled: z.boolean().optional(),
    inline_image_preview: z.boolean().optional(),
    inline_url_embed_preview: z.boolean().optional(),
    digest_emails_enabled: z.boolean().optional(),
    digest_weekday: z.number().int().min(0).max(6).optional(),
    send_welcome_emails: z.boolean().optional(),
    message_content_allowed_in_email_notifications: z.boolean().optional(),
    enable_read_receipts: z.boolean().optional(),
    enable_guest_user_dm_warning: z.boolean().optional(),
    enable_guest_user_indicator: z.boolean().optional(),
    want_advertise_in_communities_directory: z.boolean().optional(),
    require_e2ee_push_notifications: z.boolean().optional(),
    video_chat_provider: z.number().int().optional(),
    giphy_rating: z.number().int().optional(),
    default_code_block_language: z.string().optional(),
    /** A custom Jitsi Meet server (a URL), or `"default"` for the server's own (JSON-quoted on the wire). */
    jitsi_server_url: z.string().meta({ wire: 'json' }).optional(),
    org_type: z.number().int().optional(),
    /** A channel ID, or -1 for none. */
    new_stream_announcements_stream_id: z.number().int().optional(),
    signup_announcements_stream_id: z.number().int().optional(),
    zulip_update_announcements_stream_id: z.number().int().optional(),
    moderation_request_channel_id: z.number().int().optional(),
    ...groupParams,
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL', 'EXPECTATION_MISMATCH'],
});
