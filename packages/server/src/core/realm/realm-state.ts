import type { StateBlock } from '../events/state-block.js';
import { MAX_CHANNEL_DESCRIPTION_LENGTH, MAX_CHANNEL_NAME_LENGTH } from '../model/channel-name.js';
import { renderMarkdown } from '../markdown/render-markdown.js';
import { formatGroupSettingValue } from '../model/group-setting-value.js';
import { REALM_GROUP_SETTINGS } from '../model/db.js';
import { realmGroupSetting } from '../model/has-permission.js';

/** Limits of messages and topics, reported in POST /register. */
export const MAX_TOPIC_LENGTH = 60;
export const MAX_MESSAGE_LENGTH = 10_000;

/** The `realm` block of POST /register: organization settings and server limits. */
export const realmState: StateBlock = {
  eventTypes: ['realm'],
  fetch(ctx) {
    const realm = ctx.realm;
    const groups = Object.fromEntries(REALM_GROUP_SETTINGS.map((name) => [`realm_${name}`, formatGroupSettingValue(ctx, realmGroupSetting(ctx, realm, name))]));
    return {
      realm_name: realm.name,
      realm_description: renderMarkdown(realm.description).html,
      realm_url: ctx.config.realmUrl,
      realm_uri: ctx.config.realmUrl,
      realm_date_created: realm.date_created,
      realm_empty_topic_display_name: realm.empty_topic_display_name,
      realm_topics_policy: realm.topics_policy,
      realm_enable_spectator_access: realm.enable_spectator_access,
      realm_waiting_period_threshold: realm.waiting_period_threshold,
      realm_message_retention_days: realm.message_retention_days,
      realm_message_content_delete_limit_seconds: realm.message_content_delete_limit_seconds,
      realm_message_content_edit_limit_seconds: realm.message_content_edit_limit_seconds,
      realm_allow_message_editing: realm.allow_message_editing,
      realm_message_edit_history_visibility_policy: realm.message_edit_history_visibility_policy,
      realm_allow_edit_history: realm.message_edit_history_visibility_policy !== 3,
      realm_name_changes_disabled: realm.name_changes_disabled,
      realm_email_changes_disabled: realm.email_changes_disabled,
      realm_require_unique_names: realm.require_unique_names,
      realm_presence_disabled: realm.presence_disabled,
      realm_new_stream_announcements_stream_id: realm.new_stream_announcements_stream_id ?? -1,
      ...groups,
      server_web_public_streams_enabled: ctx.config.webPublicStreamsEnabled,
      max_stream_name_length: MAX_CHANNEL_NAME_LENGTH,
      max_stream_description_length: MAX_CHANNEL_DESCRIPTION_LENGTH,
      max_topic_length: MAX_TOPIC_LENGTH,
      max_message_length: MAX_MESSAGE_LENGTH,
      max_file_upload_size_mib: ctx.config.maxFileUploadSizeMib,
      event_queue_longpoll_timeout_seconds: Math.ceil(ctx.config.heartbeatMs / 1000) + 40,
      server_presence_ping_interval_seconds: 60,
      server_presence_offline_threshold_seconds: 200,
      server_typing_started_expiry_period_milliseconds: 15_000,
      server_typing_stopped_wait_period_milliseconds: 5_000,
      server_typing_started_wait_period_milliseconds: 10_000,
    };
  },
};
