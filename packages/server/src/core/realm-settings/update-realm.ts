import { ApiError, LANGUAGE_CODES, type GroupSettingUpdate } from '@teamchat/schema';
import { activeUserIds, emit } from '../events/emit.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { RealmGroupSetting, RealmRecord } from '../model/records/realm.js';
import { REALM_GROUP_SETTING_CONFIGS } from '../model/group-setting-configs.js';
import { resolveGroupSettingUpdate } from '../model/group-setting-update.js';
import { formatGroupSettingValue } from '../model/group-setting-value.js';
import { isOwner } from '../model/roles.js';
import { realmSettings } from '../realm/realm-state.js';

type Params = OperationParams<'realm.update'>;

const MAX_NAME_LENGTH = 40;
const MAX_DESCRIPTION_LENGTH = 1000;
/** `video_chat_provider` values this server knows: none and Jitsi Meet. */
const VIDEO_CHAT_PROVIDERS = [0, 1];
const GIPHY_RATINGS = [0, 1, 2, 3, 4, 5];
const JITSI_SERVER_URL_MAX_LENGTH = 200;
/** Settings only owners may change (the real server's `OrganizationOwnerRequiredError`). */
const OWNER_ONLY = new Set(['message_retention_days', 'can_create_web_public_channel_group']);
/** Channel settings: a channel ID, or -1 for none. */
const CHANNEL_SETTINGS = [
  'new_stream_announcements_stream_id',
  'signup_announcements_stream_id',
  'zulip_update_announcements_stream_id',
  'moderation_request_channel_id',
] as const;
/** Settings the record keeps in fields of its own; the others go to `extra_settings`. */
const RECORD_FIELDS = new Set([
  'name',
  'description',
  'email_changes_disabled',
  'name_changes_disabled',
  'require_unique_names',
  'enable_spectator_access',
  'waiting_period_threshold',
  'message_retention_days',
  'allow_message_editing',
  'message_content_edit_limit_seconds',
  'message_content_delete_limit_seconds',
  'move_messages_within_stream_limit_seconds',
  'move_messages_between_streams_limit_seconds',
  'message_edit_history_visibility_policy',
  'topics_policy',
  'presence_disabled',
  'new_stream_announcements_stream_id',
]);
const EDIT_HISTORY_POLICIES = { all: 1, moves: 2, none: 3 } as const;

/** What a given parameter means as the value stored and shown. */
function storedValue(name: string, value: unknown): unknown {
  if (value === 'unlimited') return name === 'message_retention_days' ? -1 : null;
  // The real JITSI_SERVER_SPECIAL_VALUES_MAP: the server's own Jitsi server.
  if (name === 'jitsi_server_url' && value === 'default') return null;
  return value;
}

/** The real `check_jitsi_url`: an http(s) URL of at most 200 characters (`check_capped_url`). */
function isJitsiUrl(value: string): boolean {
  if (value.length > JITSI_SERVER_URL_MAX_LENGTH) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The event of a changed setting, as the real `do_set_realm_property` sends it: `realm
 * update`, except for the message-editing settings, which keep their historical `update_dict`
 * form, and `topics_policy`, whose `update_dict` carries the deprecated `mandatory_topics`.
 */
function settingEvent(property: string, value: unknown): Record<string, unknown> & { type: 'realm' } {
  if (property === 'allow_message_editing' || property === 'message_content_edit_limit_seconds') {
    return { type: 'realm', op: 'update_dict', property: 'default', data: { [property]: value } };
  }
  if (property === 'topics_policy') {
    return {
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { topics_policy: value, mandatory_topics: value === 'disable_empty_topic' },
    };
  }
  return { type: 'realm', op: 'update', property, value };
}

function checkValues(ctx: UserContext, params: Params): void {
  if (params.name !== undefined && [...params.name].length > MAX_NAME_LENGTH)
    throw new ApiError('BAD_REQUEST', `name is too long (limit: ${MAX_NAME_LENGTH} characters)`);
  if (params.description !== undefined && [...params.description].length > MAX_DESCRIPTION_LENGTH) {
    throw new ApiError('BAD_REQUEST', `description is too long (limit: ${MAX_DESCRIPTION_LENGTH} characters)`);
  }
  if (
    params.default_language !== undefined &&
    !(LANGUAGE_CODES as readonly string[]).includes(params.default_language)
  ) {
    throw new ApiError('BAD_REQUEST', `Invalid language '${params.default_language}'`);
  }
  if (params.video_chat_provider !== undefined && !VIDEO_CHAT_PROVIDERS.includes(params.video_chat_provider)) {
    throw new ApiError('BAD_REQUEST', `Invalid video_chat_provider ${params.video_chat_provider}`);
  }
  if (params.giphy_rating !== undefined && !GIPHY_RATINGS.includes(params.giphy_rating))
    throw new ApiError('BAD_REQUEST', 'Invalid giphy_rating');
  if (
    params.jitsi_server_url !== undefined &&
    params.jitsi_server_url !== 'default' &&
    !isJitsiUrl(params.jitsi_server_url)
  ) {
    throw new ApiError('BAD_REQUEST', 'jitsi_server_url is not an allowed_type');
  }
  if (params.enable_spectator_access === true && !ctx.config.webPublicStreamsEnabled)
    throw new ApiError('BAD_REQUEST', 'Web-public channels are not enabled.');
  for (const name of CHANNEL_SETTINGS) {
    const id = params[name];
    if (id === undefined || id === -1) continue;
    const channel = ctx.db.get('channels', id);
    if (!channel || channel.is_archived) throw new ApiError('BAD_REQUEST', 'Invalid channel ID');
  }
}

/**
 * PATCH /realm: an administrator changes organization settings (owners only for retention
 * and web-public channel creation). All checks come first, so the request changes all or
 * nothing. Each changed setting is announced to everyone: `realm update` with the value as
 * POST /register shows it, `realm update_dict` for group settings and the settings the real
 * server announces so (see `settingEvent`). Settings already at the
 * value change nothing and are not in the answer.
 */
export function updateRealm(params: Params, ctx: UserContext) {
  for (const name of OWNER_ONLY) {
    if ((params as Record<string, unknown>)[name] !== undefined && !isOwner(ctx.user))
      throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
  }
  checkValues(ctx, params);
  const shownBefore = realmSettings(ctx, ctx.realm);
  const record: Partial<RealmRecord> = {};
  const extra: Record<string, unknown> = { ...ctx.realm.extra_settings };
  const answer: Record<string, unknown> = {};
  const updates: { property: string; value: unknown }[] = [];
  for (const [name, given] of Object.entries(params)) {
    if (given === undefined || name in REALM_GROUP_SETTING_CONFIGS) continue;
    const value = storedValue(name, given);
    if (shownBefore[name] === value) continue;
    if (name === 'message_edit_history_visibility_policy')
      record.message_edit_history_visibility_policy =
        EDIT_HISTORY_POLICIES[value as keyof typeof EDIT_HISTORY_POLICIES];
    else if (name === 'new_stream_announcements_stream_id')
      record.new_stream_announcements_stream_id = value === -1 ? null : (value as number);
    else if (RECORD_FIELDS.has(name)) (record as Record<string, unknown>)[name] = value;
    else extra[name] = value;
    answer[name] = typeof value === 'string' ? 'updated' : value;
    updates.push({ property: name, value });
  }
  const groups = { ...ctx.realm.groups };
  const groupChanges: Record<string, unknown> = {};
  for (const name of Object.keys(REALM_GROUP_SETTING_CONFIGS) as RealmGroupSetting[]) {
    const update = (params as Record<string, GroupSettingUpdate | undefined>)[name];
    if (update === undefined) continue;
    const next = resolveGroupSettingUpdate(ctx, name, update, {
      config: REALM_GROUP_SETTING_CONFIGS[name],
      current: groups[name],
    });
    if (next === null) continue;
    groups[name] = next;
    groupChanges[name] = formatGroupSettingValue(ctx, next);
    answer[name] = groupChanges[name];
  }
  if (Object.keys(groupChanges).length > 0) record.groups = groups;
  if (Object.keys(extra).length > 0 && updates.some((u) => !RECORD_FIELDS.has(u.property)))
    record.extra_settings = extra;
  if (Object.keys(record).length === 0) return {};
  ctx.db.patch('realm', 1, record);
  const everyone = activeUserIds(ctx);
  for (const { property, value } of updates) {
    const shown =
      property === 'message_edit_history_visibility_policy'
        ? value
        : property === 'new_stream_announcements_stream_id' && value === null
          ? -1
          : value;
    emit(ctx, everyone, settingEvent(property, shown));
  }
  for (const [name, value] of Object.entries(groupChanges)) {
    emit(ctx, everyone, { type: 'realm', op: 'update_dict', property: 'default', data: { [name]: value } });
  }
  return answer;
}
