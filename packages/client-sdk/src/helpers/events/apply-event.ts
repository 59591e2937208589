import type { EventOf, ServerEvent, UnknownEvent } from '@teamchat/schema';
import type { RegisterState } from './watch-events.js';
import { applyStream, applySubscription } from './state/apply-channels.js';
import { addUnread, moveUnread, recountUnread, removeUnread, updateUnreadMention } from './state/apply-unread.js';
import { applyRealmUser, applyUserGroup } from './state/apply-users.js';
import { recomputePermissions } from './state/permissions.js';
import { ascending, copy, listOf, objectOf, type Entry, type State, type StateEvent } from './state/state-types.js';

function me(state: State): number | undefined {
  return typeof state['user_id'] === 'number' ? state['user_id'] : undefined;
}

function applyMessage(state: State, event: EventOf<'message'>): void {
  const { message } = event;
  const { id } = message;
  const flags: readonly string[] = event.flags;
  if (typeof state['max_message_id'] === 'number') state['max_message_id'] = Math.max(state['max_message_id'], id);
  const mentioned = flags.includes('mentioned');
  const wildcard = flags.includes('stream_wildcard_mentioned') || flags.includes('topic_wildcard_mentioned');
  if (message.type === 'stream') {
    if (!flags.includes('read'))
      addUnread(
        state,
        id,
        { type: 'stream', stream_id: message.stream_id as number, topic: message.subject, mentioned, wildcard },
        me(state),
      );
    for (const key of ['subscriptions', 'streams']) {
      for (const entry of listOf(state, key) ?? []) {
        if (entry['stream_id'] === message.stream_id && entry['first_message_id'] === null)
          entry['first_message_id'] = id;
      }
    }
    return;
  }
  const recipients = typeof message.display_recipient === 'string' ? [] : message.display_recipient.map((r) => r.id);
  const others = ascending(recipients.filter((r) => r !== me(state)));
  if (!flags.includes('read')) addUnread(state, id, { type: 'private', others, mentioned, wildcard }, me(state));
  const recent = listOf(state, 'recent_private_conversations');
  if (recent) {
    const key = others.join(',');
    const rest = recent.filter((c) => (c['user_ids'] as number[]).join(',') !== key);
    state['recent_private_conversations'] = [{ max_message_id: id, user_ids: others }, ...rest].sort(
      (a, b) => (b['max_message_id'] as number) - (a['max_message_id'] as number),
    );
  }
}

function applyFlags(state: State, event: EventOf<'update_message_flags'>): void {
  const ids = event.messages;
  if (event.flag === 'read' && event.op === 'add') removeUnread(state, ids);
  if (event.flag === 'read' && event.op === 'remove') {
    for (const [id, details] of Object.entries(event.message_details ?? {})) {
      const mentioned = details.mentioned === true;
      if (details.type === 'stream') {
        addUnread(
          state,
          Number(id),
          {
            type: 'stream',
            stream_id: details.stream_id as number,
            topic: String(details.topic),
            mentioned,
            wildcard: false,
          },
          me(state),
        );
      } else {
        addUnread(
          state,
          Number(id),
          { type: 'private', others: ascending(details.user_ids ?? []), mentioned, wildcard: false },
          me(state),
        );
      }
    }
  }
  if (event.flag === 'starred' && Array.isArray(state['starred_messages'])) {
    const starred = new Set(state['starred_messages'] as number[]);
    for (const id of ids)
      if (event.op === 'add') starred.add(id);
      else starred.delete(id);
    state['starred_messages'] = ascending(starred);
  }
}

/** The deprecated integer policies the server derives from four group settings. */
const LEGACY_POLICIES: Record<string, { key: string; values: Record<string, number>; fallback: number }> = {
  can_create_public_channel_group: {
    key: 'create_public_stream_policy',
    values: { 'role:members': 1, 'role:administrators': 2, 'role:fullmembers': 3, 'role:moderators': 4 },
    fallback: 1,
  },
  can_create_private_channel_group: {
    key: 'create_private_stream_policy',
    values: { 'role:members': 1, 'role:administrators': 2, 'role:fullmembers': 3, 'role:moderators': 4 },
    fallback: 1,
  },
  can_create_web_public_channel_group: {
    key: 'create_web_public_stream_policy',
    values: { 'role:administrators': 2, 'role:moderators': 4, 'role:nobody': 6, 'role:owners': 7 },
    fallback: 7,
  },
  can_mention_many_users_group: {
    key: 'wildcard_mention_policy',
    values: {
      'role:everyone': 1,
      'role:members': 2,
      'role:fullmembers': 3,
      'role:administrators': 5,
      'role:nobody': 6,
      'role:moderators': 7,
    },
    fallback: 5,
  },
};

function legacyPolicy(state: State, setting: string, value: unknown): void {
  const legacy = LEGACY_POLICIES[setting];
  const groups = listOf(state, 'realm_user_groups');
  if (!legacy || !groups || !(`realm_${legacy.key}` in state)) return;
  const name =
    typeof value === 'number'
      ? String(groups.find((g) => g['id'] === value && g['is_system_group'] === true)?.['name'])
      : '';
  state[`realm_${legacy.key}`] = legacy.values[name] ?? legacy.fallback;
}

function applyRealm(state: State, event: EventOf<'realm'>): void {
  if (event.op === 'update') {
    state[`realm_${event.property}`] = copy(event.value);
    if (event.property === 'message_edit_history_visibility_policy')
      state['realm_allow_edit_history'] = event.value !== 'none';
    if (event.property === 'topics_policy') state['realm_mandatory_topics'] = event.value === 'disable_empty_topic';
    if (event.property === 'jitsi_server_url' && 'jitsi_server_url' in state)
      state['jitsi_server_url'] = event.value ?? state['server_jitsi_server_url'];
  } else if (event.op === 'update_dict') {
    for (const [key, value] of Object.entries(event.data)) {
      if (key === 'max_file_upload_size_mib') state[key] = value;
      else state[`realm_${key}`] = copy(value);
      if (key === 'topics_policy') state['realm_mandatory_topics'] = value === 'disable_empty_topic';
      legacyPolicy(state, key, value);
    }
    recomputePermissions(state);
  }
}

function applyUserStatus(state: State, event: EventOf<'user_status'>): void {
  const statuses = objectOf(state, 'user_status');
  if (!statuses) return;
  const key = String(event.user_id);
  const status = { ...((statuses[key] as Entry | undefined) ?? {}) };
  if (event.away !== undefined) {
    if (event.away) status['away'] = true;
    else delete status['away'];
  }
  if (event.status_text !== undefined) {
    if (event.status_text === '') delete status['status_text'];
    else status['status_text'] = event.status_text;
  }
  if (event.emoji_name !== undefined) {
    for (const field of ['emoji_name', 'emoji_code', 'reaction_type'] as const) {
      if (event.emoji_name === '') delete status[field];
      else status[field] = event[field];
    }
  }
  if (Object.keys(status).length === 0) delete statuses[key];
  else statuses[key] = status;
}

function applyUserTopic(state: State, event: EventOf<'user_topic'>): void {
  const rows = listOf(state, 'user_topics');
  if (!rows) return;
  const same = (row: Entry) =>
    row['stream_id'] === event.stream_id && String(row['topic_name']).toLowerCase() === event.topic_name.toLowerCase();
  const rest = rows.filter((row) => !same(row));
  if (event.visibility_policy !== 0) {
    rest.push({
      stream_id: event.stream_id,
      topic_name: event.topic_name,
      last_updated: event.last_updated,
      visibility_policy: event.visibility_policy,
    });
  }
  state['user_topics'] = rest;
  recountUnread(state);
}

/**
 * Events of a list the server sends whole items of: `add` (a list of items), `update` (one
 * item, replacing the one with its ID) and `remove` (an ID); the list kept in `order`.
 */
function applyItems(
  state: State,
  event: StateEvent,
  list: {
    key: string;
    items: string;
    item: string;
    id: string;
    removed: string;
    order: (a: Entry, b: Entry) => number;
  },
): void {
  const entries = listOf(state, list.key);
  if (!entries) return;
  if (event['op'] === 'add') entries.push(...copy(event[list.items] as Entry[]));
  if (event['op'] === 'update') {
    const updated = copy(event[list.item] as Entry);
    const index = entries.findIndex((entry) => entry[list.id] === updated[list.id]);
    if (index >= 0) entries[index] = updated;
  }
  if (event['op'] === 'remove') state[list.key] = entries.filter((entry) => entry[list.id] !== event[list.removed]);
  (listOf(state, list.key) ?? []).sort(list.order);
}

const DRAFTS = {
  key: 'drafts',
  items: 'drafts',
  item: 'draft',
  id: 'id',
  removed: 'draft_id',
  order: (a: Entry, b: Entry) =>
    (b['timestamp'] as number) - (a['timestamp'] as number) || (b['id'] as number) - (a['id'] as number),
};
const SCHEDULED_MESSAGES = {
  key: 'scheduled_messages',
  items: 'scheduled_messages',
  item: 'scheduled_message',
  id: 'scheduled_message_id',
  removed: 'scheduled_message_id',
  order: (a: Entry, b: Entry) =>
    (a['scheduled_delivery_timestamp'] as number) - (b['scheduled_delivery_timestamp'] as number),
};

const REMINDERS = {
  key: 'reminders',
  items: 'reminders',
  item: 'reminder',
  id: 'reminder_id',
  removed: 'reminder_id',
  order: (a: Entry, b: Entry) =>
    (a['scheduled_delivery_timestamp'] as number) - (b['scheduled_delivery_timestamp'] as number) ||
    (a['reminder_id'] as number) - (b['reminder_id'] as number),
};

function applyById(state: State, key: string, event: StateEvent, item: string, idKey: string): void {
  const list = listOf(state, key);
  if (!list) return;
  if (event['op'] === 'add') list.push(copy(event[item] as Entry));
  if (event['op'] === 'update') {
    const entry = list.find(
      (e) => e[idKey] === event[idKey] || (event[item] !== undefined && e[idKey] === (event[item] as Entry)[idKey]),
    );
    if (entry) Object.assign(entry, copy((event['data'] as Entry | undefined) ?? (event[item] as Entry)));
  }
  if (event['op'] === 'remove') state[key] = list.filter((e) => e[idKey] !== event[idKey]);
}

function applyPresence(state: State, event: EventOf<'presence'>): void {
  const presences = objectOf(state, 'presences');
  if (!presences) return;
  if (event.presences) {
    Object.assign(presences, copy(event.presences));
    return;
  }
  const website = event.presence?.['website'];
  if (!website) return;
  const byId = String(event.user_id) in presences || event.email === undefined;
  if (byId) {
    const previous = (presences[String(event.user_id)] as Entry | undefined) ?? {};
    const { timestamp } = website;
    presences[String(event.user_id)] =
      website.status === 'active'
        ? {
            active_timestamp: timestamp,
            idle_timestamp: Math.max(timestamp, (previous['idle_timestamp'] as number) ?? 0),
          }
        : { ...previous, idle_timestamp: timestamp };
  } else {
    presences[String(event.email)] = {
      aggregated: { client: website.client, status: website.status, timestamp: website.timestamp },
      website: copy(website),
    };
  }
}

function applySetting(state: State, property: string, value: unknown): void {
  const settings = objectOf(state, 'user_settings');
  if (settings) settings[property] = value;
}

/**
 * Applies one event of the queue to a register state, the way the real server's `apply_event`
 * keeps its initial state current: the state afterwards is what a fresh POST /register would
 * answer (with the same `fetch_event_types` and options). Updates `state` in place and
 * returns it. Events of blocks the state does not have change nothing; unknown event types
 * and ops are ignored, so a newer server does not break an older client.
 *
 * It cannot reconstruct what only the server knows: after deleting the newest message of the
 * user or of a direct-message conversation, `max_message_id` and `recent_private_conversations`
 * keep the deleted ID until the next register.
 *
 * @example
 * let state: RegisterState | undefined;
 * for await (const event of watchEvents(client, { onRegister: (fresh) => { state = fresh; } })) {
 *   if (state) applyEvent(state, event);
 * }
 * @see the real server's `zerver/lib/events.py` (`apply_event`)
 */
export function applyEvent<T extends RegisterState | Record<string, unknown>>(
  state: T,
  event: ServerEvent | UnknownEvent,
): T {
  const s = state as State;
  // A type or op this version does not know falls through to `default` at run time.
  const e = event as ServerEvent;
  switch (e.type) {
    case 'message':
      applyMessage(s, e);
      break;
    case 'update_message_flags':
      applyFlags(s, e);
      break;
    case 'update_message':
      if (e.content !== undefined && Array.isArray(e.flags)) updateUnreadMention(s, e.message_id, e.flags);
      if (e.new_stream_id !== undefined || e.subject !== undefined)
        moveUnread(s, e.message_ids, e.new_stream_id, e.subject);
      break;
    case 'delete_message':
      removeUnread(s, e.message_ids ?? (e.message_id === undefined ? [] : [e.message_id]));
      break;
    case 'realm_user':
      applyRealmUser(s, e, me(s));
      break;
    case 'user_group':
      applyUserGroup(s, e);
      break;
    case 'stream':
      applyStream(s, e);
      break;
    case 'subscription':
      applySubscription(s, e, me(s));
      break;
    case 'default_streams':
      if ('realm_default_streams' in s) s['realm_default_streams'] = copy(e.default_streams);
      break;
    case 'realm':
      applyRealm(s, e);
      break;
    case 'realm_user_settings_defaults': {
      const defaults = objectOf(s, 'realm_user_settings_defaults');
      if (defaults) defaults[e.property] = e.value;
      break;
    }
    case 'user_settings':
      applySetting(s, e.property, e.value);
      if (!('user_settings' in s) && e.property in s) s[e.property] = e.value;
      break;
    case 'update_display_settings':
      if (e.setting_name in s) s[e.setting_name] = e.setting;
      break;
    case 'update_global_notifications':
      if (e.notification_name in s) s[e.notification_name] = e.setting;
      break;
    case 'user_status':
      applyUserStatus(s, e);
      break;
    case 'user_topic':
      applyUserTopic(s, e);
      break;
    case 'drafts':
      applyItems(s, e, DRAFTS);
      break;
    case 'scheduled_messages':
      applyItems(s, e, SCHEDULED_MESSAGES);
      break;
    case 'reminders':
      applyItems(s, e, REMINDERS);
      break;
    case 'navigation_view': {
      const views = listOf(s, 'navigation_views');
      if (!views) break;
      if (e.op === 'add') views.push(copy(e.navigation_view));
      if (e.op === 'update') {
        const view = views.find((v) => v['fragment'] === e.fragment);
        if (view) Object.assign(view, copy(e.data));
      }
      if (e.op === 'remove') s['navigation_views'] = views.filter((v) => v['fragment'] !== e.fragment);
      break;
    }
    case 'channel_folder': {
      const folders = listOf(s, 'channel_folders');
      if (!folders) break;
      if (e.op === 'reorder') {
        const { order } = e;
        for (const folder of folders) folder['order'] = order.indexOf(folder['id'] as number);
        folders.sort((a, b) => (a['order'] as number) - (b['order'] as number));
      } else {
        applyById(
          s,
          'channel_folders',
          { ...e, id: e.op === 'update' ? e.channel_folder_id : e.channel_folder.id },
          'channel_folder',
          'id',
        );
        if (e.op === 'add') listOf(s, 'channel_folders')?.sort((a, b) => (a['id'] as number) - (b['id'] as number));
      }
      break;
    }
    case 'saved_snippets':
      applyById(
        s,
        'saved_snippets',
        { ...e, id: e.op === 'remove' ? e.saved_snippet_id : e.saved_snippet.id },
        'saved_snippet',
        'id',
      );
      break;
    case 'presence':
      applyPresence(s, e);
      break;
    case 'custom_profile_fields': {
      if ('custom_profile_fields' in s) s['custom_profile_fields'] = copy(e.fields);
      // Values of deleted fields leave every profile.
      const ids = new Set(e.fields.map((field) => String(field.id)));
      for (const key of ['realm_users', 'realm_non_active_users']) {
        for (const user of listOf(s, key) ?? []) {
          const data = user['profile_data'] as Entry | undefined;
          if (data) for (const id of Object.keys(data)) if (!ids.has(id)) delete data[id];
        }
      }
      break;
    }
    case 'realm_domains': {
      const domains = listOf(s, 'realm_domains');
      if (!domains) break;
      if (e.op === 'add') domains.push(copy(e.realm_domain));
      if (e.op === 'change')
        for (const d of domains)
          if (d['domain'] === e.realm_domain.domain) d['allow_subdomains'] = e.realm_domain.allow_subdomains;
      if (e.op === 'remove') s['realm_domains'] = domains.filter((d) => d['domain'] !== e.domain);
      break;
    }
    case 'realm_bot': {
      const bots = listOf(s, 'realm_bots');
      if (!bots) break;
      const { bot } = e;
      if (e.op === 'add') bots.push(copy(e.bot));
      if (e.op === 'delete' || e.op === 'remove') s['realm_bots'] = bots.filter((b) => b['user_id'] !== bot.user_id);
      if (e.op === 'update') for (const b of bots) if (b['user_id'] === bot.user_id) Object.assign(b, copy(e.bot));
      break;
    }
    case 'push_device': {
      const devices = objectOf(s, 'push_devices');
      if (devices) devices[String(e.push_account_id)] = { status: e.status, error_code: e.error_code ?? null };
      break;
    }
    case 'alert_words':
    case 'muted_topics':
    case 'muted_users':
    case 'realm_emoji':
    case 'realm_playgrounds':
    case 'realm_linkifiers':
    case 'realm_filters':
      // These events carry the whole list, under the name of their type.
      if (e.type in s) s[e.type] = copy((e as Entry)[e.type]);
      if (e.type === 'muted_topics') recountUnread(s);
      break;
    default:
      // heartbeat, typing, reaction, submessage, attachment, restart…, and the types of a newer
      // server: nothing in the state.
      break;
  }
  return state;
}
