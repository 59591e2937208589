import type { StateBlock } from '../events/state-block.js';
import { MAX_CHANNEL_DESCRIPTION_LENGTH, MAX_CHANNEL_NAME_LENGTH } from '../model/channel-name.js';
import type { Context } from '../runtime/context.js';
import { formatGroupSettingValue, systemGroupId, systemGroupNameOf } from '../model/group-setting-value.js';
import { REALM_GROUP_SETTINGS, type RealmGroupSetting, type RealmRecord } from '../model/records/realm.js';
import { realmGroupSetting } from '../model/has-permission.js';
import type { SystemGroupName } from '../model/system-groups.js';
import { md5Hex } from '../internal/md5.js';
import { SERVER_REALM_SETTINGS, serverValues } from './server-values.js';
import { supportedPermissionSettings } from './supported-permission-settings.js';

/** Limits of messages and topics, reported in POST /register. */
export const MAX_TOPIC_LENGTH = 60;
export const MAX_MESSAGE_LENGTH = 10_000;

/** The legacy integer policies the real server still derives from a few group settings. */
const COMMON_POLICY: Partial<Record<SystemGroupName, number>> = {
  'role:members': 1,
  'role:administrators': 2,
  'role:fullmembers': 3,
  'role:moderators': 4,
};
const WEB_PUBLIC_POLICY: Partial<Record<SystemGroupName, number>> = {
  'role:administrators': 2,
  'role:moderators': 4,
  'role:nobody': 6,
  'role:owners': 7,
};
const WILDCARD_POLICY: Partial<Record<SystemGroupName, number>> = {
  'role:everyone': 1,
  'role:members': 2,
  'role:fullmembers': 3,
  'role:administrators': 5,
  'role:nobody': 6,
  'role:moderators': 7,
};

function legacyPolicy(
  ctx: Pick<Context, 'db'>,
  realm: RealmRecord,
  setting: RealmGroupSetting,
  table: Partial<Record<SystemGroupName, number>>,
  fallback: number,
): number {
  const name = systemGroupNameOf(ctx, realmGroupSetting(ctx, realm, setting));
  return (name && table[name]) ?? fallback;
}

/**
 * The deprecated integer policies derived from group settings (`realm_create_public_stream_policy`,
 * …): what `realm update_dict` events of those settings change too.
 */
export function legacyRealmPolicies(ctx: Pick<Context, 'db'>, realm: RealmRecord): Record<string, number> {
  return {
    create_public_stream_policy: legacyPolicy(ctx, realm, 'can_create_public_channel_group', COMMON_POLICY, 1),
    create_private_stream_policy: legacyPolicy(ctx, realm, 'can_create_private_channel_group', COMMON_POLICY, 1),
    create_web_public_stream_policy: legacyPolicy(
      ctx,
      realm,
      'can_create_web_public_channel_group',
      WEB_PUBLIC_POLICY,
      7,
    ),
    wildcard_mention_policy: legacyPolicy(ctx, realm, 'can_mention_many_users_group', WILDCARD_POLICY, 5),
  };
}

/** The organization's group settings the server does not enforce, reported with their defaults. */
const REPORTED_GROUP_SETTINGS: Record<string, SystemGroupName> = {
  can_manage_billing_group: 'role:administrators',
  can_summarize_topics_group: 'role:everyone',
};

/** The `realm_*` settings as POST /register and `realm` events name them (without the prefix). */
export function realmSettings(ctx: Pick<Context, 'db'>, realm: RealmRecord): Record<string, unknown> {
  const groups: Record<string, unknown> = {};
  for (const [name, group] of Object.entries(REPORTED_GROUP_SETTINGS)) groups[name] = systemGroupId(ctx, group);
  for (const name of REALM_GROUP_SETTINGS)
    groups[name] = formatGroupSettingValue(ctx, realmGroupSetting(ctx, realm, name));
  return {
    ...SERVER_REALM_SETTINGS,
    name: realm.name,
    description: realm.description,
    date_created: realm.date_created,
    topics_policy: realm.topics_policy,
    mandatory_topics: realm.topics_policy === 'disable_empty_topic',
    enable_spectator_access: realm.enable_spectator_access,
    waiting_period_threshold: realm.waiting_period_threshold,
    message_retention_days: realm.message_retention_days,
    message_content_delete_limit_seconds: realm.message_content_delete_limit_seconds,
    message_content_edit_limit_seconds: realm.message_content_edit_limit_seconds,
    move_messages_within_stream_limit_seconds: realm.move_messages_within_stream_limit_seconds,
    move_messages_between_streams_limit_seconds: realm.move_messages_between_streams_limit_seconds,
    allow_message_editing: realm.allow_message_editing,
    message_edit_history_visibility_policy: EDIT_HISTORY_POLICY_NAMES[realm.message_edit_history_visibility_policy],
    allow_edit_history: realm.message_edit_history_visibility_policy !== 3,
    name_changes_disabled: realm.name_changes_disabled,
    email_changes_disabled: realm.email_changes_disabled,
    require_unique_names: realm.require_unique_names,
    presence_disabled: realm.presence_disabled,
    new_stream_announcements_stream_id: realm.new_stream_announcements_stream_id ?? -1,
    ...realm.extra_settings,
    ...groups,
    ...legacyRealmPolicies(ctx, realm),
  };
}

/** `message_edit_history_visibility_policy` as the API spells it (FL 358). */
export const EDIT_HISTORY_POLICY_NAMES = { 1: 'all', 2: 'moves', 3: 'none' } as const;

/**
 * The `realm` block of POST /register: every `realm_*` organization setting (with the right
 * types), the server's limits and values (`server_*`, `max_*`, password limits), the URLs.
 *
 * @see the real server's `fetch_initial_state_data` (`want("realm")`)
 */
export const realmState: StateBlock = {
  eventTypes: ['realm'],
  fetch(ctx) {
    const realm = ctx.realm;
    const prefixed = Object.fromEntries(
      Object.entries(realmSettings(ctx, realm)).map(([key, value]) => [`realm_${key}`, value]),
    );
    const host = new URL(ctx.config.realmUrl).host;
    return {
      ...prefixed,
      realm_url: ctx.config.realmUrl,
      realm_uri: ctx.config.realmUrl,
      realm_empty_topic_display_name: realm.empty_topic_display_name,
      realm_icon_url: `https://secure.gravatar.com/avatar/${md5Hex(String(realm.id))}?d=identicon`,
      realm_icon_source: 'G',
      realm_logo_url: `${ctx.config.realmUrl}/static/images/logo/zulip-org-logo.svg?version=0`,
      realm_logo_source: 'D',
      realm_night_logo_url: `${ctx.config.realmUrl}/static/images/logo/zulip-org-logo.svg?version=0`,
      realm_night_logo_source: 'D',
      realm_bot_domain: host.split(':')[0] ?? host,
      realm_email_auth_enabled: ctx.config.passwordAuthEnabled,
      realm_password_auth_enabled: ctx.config.passwordAuthEnabled,
      realm_authentication_methods: {
        Email: { enabled: ctx.config.passwordAuthEnabled, available: true },
      },
      ...serverValues(ctx),
      server_web_public_streams_enabled: ctx.config.webPublicStreamsEnabled,
      server_generation: realm.date_created,
      server_emoji_data_url: `${ctx.config.realmUrl}/static/generated/emoji/emoji_api.json`,
      server_supported_permission_settings: supportedPermissionSettings(),
      max_stream_name_length: MAX_CHANNEL_NAME_LENGTH,
      max_stream_description_length: MAX_CHANNEL_DESCRIPTION_LENGTH,
      max_topic_length: MAX_TOPIC_LENGTH,
      max_message_length: MAX_MESSAGE_LENGTH,
      max_file_upload_size_mib: ctx.config.maxFileUploadSizeMib,
      event_queue_longpoll_timeout_seconds: Math.ceil(ctx.config.heartbeatMs / 1000) + 40,
    };
  },
};

/** The `realm_billing` block: no billing on a self-hosted server. */
export const realmBillingState: StateBlock = {
  eventTypes: ['realm_billing'],
  fetch: () => ({ realm_billing: { has_pending_sponsorship_request: false } }),
};
