import { initialUserSettings, type GroupSettingValue } from '@teamchat/schema';
import type { ChannelRecord } from '../model/records/channels.js';
import type { DbStore, DbTx } from '../model/db.js';
import type { RealmRecord } from '../model/records/realm.js';
import type { UserGroupRecord } from '../model/records/user-groups.js';
import type { UserRecord } from '../model/records/users.js';
import {
  CHANNEL_GROUP_SETTING_CONFIGS,
  USER_GROUP_SETTING_CONFIGS,
  type GroupSettingConfig,
} from '../model/group-setting-configs.js';
import { defaultGroupSettingValue } from '../model/group-setting-value.js';
import { flagNames, FLAG_BITS, type MessageRecord } from '../model/records/messages.js';
import { createRealm } from '../realm/create-realm.js';
import {
  BOT_TYPE_VALUES,
  FIELD_TYPE_VALUES,
  isoTime,
  nameOf,
  ROLE_VALUES,
  selectOptions,
  VISIBILITY_VALUES,
} from './fixture-codes.js';
import {
  FIXTURE_FORMAT,
  REALM_SETTING_KEYS,
  type FixtureGroupRef,
  type OrganizationFixtureInput,
} from './fixture-schema.js';

type Reader = Pick<DbStore, 'get' | 'all' | 'userMessages'>;
type FixtureUserInput = NonNullable<OrganizationFixtureInput['users']>[number];
type FixtureMessageInput = NonNullable<OrganizationFixtureInput['messages']>[number];

const byId = <T extends { id: number }>(records: Iterable<T>): T[] => [...records].sort((a, b) => a.id - b.id);
const seconds = (value: number) => isoTime(value * 1000);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `record` without the fields whose value is the format's default (the fixture stays short). */
function compact<T extends Record<string, unknown>>(
  record: T,
  defaults: Partial<Record<keyof T, unknown>>,
): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([key, value]) => !(key in defaults) || !same(value, defaults[key as keyof T])),
  ) as Partial<T>;
}

const CHANNEL_DEFAULTS = {
  description: '',
  invite_only: false,
  is_web_public: false,
  message_retention_days: null,
  topics_policy: 'inherit',
  folder: null,
  is_default: false,
  is_archived: false,
  creator: null,
  permissions: {},
} as const;
const SUBSCRIPTION_DEFAULTS = {
  active: true,
  is_muted: false,
  pin_to_top: false,
  desktop_notifications: null,
  audible_notifications: null,
  push_notifications: null,
  email_notifications: null,
  wildcard_mentions_notify: null,
} as const;
const FIELD_DEFAULTS = {
  hint: '',
  display_in_profile_summary: false,
  required: false,
  editable_by_user: true,
} as const;
const FOLDER_DEFAULTS = { description: '', is_archived: false, creator: null } as const;
const GROUP_DEFAULTS = { description: '', members: [], subgroups: [], permissions: {}, creator: null } as const;

/** The fields of `value` that differ from `defaults`. */
function changed<T extends object>(
  value: T,
  defaults: T,
  keys: readonly (keyof T)[] = Object.keys(value) as (keyof T)[],
): Partial<T> {
  return Object.fromEntries(
    keys.filter((key) => !same(value[key], defaults[key])).map((key) => [key, value[key]]),
  ) as Partial<T>;
}

/** A new organization's record, for what the export leaves out as default. */
function defaultRealm(): RealmRecord {
  // createRealm only hands out IDs and stores records: a scratch writer is enough.
  let id = 0;
  const scratch = { nextId: () => (id += 1), put: (_collection: string, record: unknown) => record };
  return createRealm(scratch as unknown as DbTx, { name: '', stringId: '', description: '', now: 0 });
}

/** Reads records by ID and writes the references a fixture uses (emails, names). */
class Refs {
  constructor(private readonly db: Reader) {}

  email(userId: number | null): string | null {
    return userId === null ? null : (this.db.get('users', userId)?.email ?? null);
  }

  emails(userIds: Iterable<number>): string[] {
    return [...userIds].flatMap((id) => this.email(id) ?? []);
  }

  channel(channelId: number | null | undefined): string | null {
    return channelId === null || channelId === undefined ? null : (this.db.get('channels', channelId)?.name ?? null);
  }

  group(groupId: number): string {
    return (this.db.get('user_groups', groupId) as UserGroupRecord).name;
  }

  groupRef(value: GroupSettingValue): FixtureGroupRef {
    if (typeof value === 'number') return this.group(value);
    return {
      direct_members: this.emails(value.direct_members),
      direct_subgroups: value.direct_subgroups.map((id) => this.group(id)),
    };
  }

  /** The settings whose value is not the default of a record made by `creatorId`. */
  permissions(
    values: Record<string, GroupSettingValue>,
    configs: Record<string, GroupSettingConfig>,
    creatorId: number | null,
  ): Record<string, FixtureGroupRef> {
    const result: Record<string, FixtureGroupRef> = {};
    for (const [setting, value] of Object.entries(values)) {
      const config = configs[setting];
      if (!config || !same(value, defaultGroupSettingValue({ db: this.db as never }, config, creatorId)))
        result[setting] = this.groupRef(value);
    }
    return result;
  }
}

function exportUser(db: Reader, user: UserRecord, realm: RealmRecord, refs: Refs): FixtureUserInput {
  const profile: Record<string, string | string[]> = {};
  for (const [fieldId, value] of Object.entries(user.profile_data)) {
    const field = db.get('custom_profile_fields', Number(fieldId));
    if (!field) continue;
    if (field.type === FIELD_TYPE_VALUES.user) profile[field.name] = refs.emails(JSON.parse(value) as number[]);
    else if (field.type === FIELD_TYPE_VALUES.select && selectOptions(field.field_data)) {
      profile[field.name] = (JSON.parse(field.field_data) as Record<string, { text: string }>)[value]?.text ?? value;
    } else profile[field.name] = value;
  }
  const settings = changed(user.settings, realm.user_settings_defaults);
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    role: nameOf(ROLE_VALUES, user.role),
    ...(user.password_hash === null ? {} : { password_hash: user.password_hash }),
    api_key: user.api_key,
    ...(user.is_active ? {} : { is_active: false }),
    date_joined: isoTime(user.date_joined),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
    ...(Object.keys(profile).length > 0 ? { profile } : {}),
    ...(user.can_change_user_emails ? { can_change_user_emails: true } : {}),
    ...(user.can_create_users ? { can_create_users: true } : {}),
    ...(user.avatar_version === 1 ? {} : { avatar_version: user.avatar_version }),
    ...(user.is_bot
      ? {
          bot: {
            type: nameOf(BOT_TYPE_VALUES, user.bot_type ?? 1),
            owner: refs.email(user.bot_owner_id),
            ...(user.service ? { service: user.service } : {}),
            ...(user.is_system_bot ? { system: true } : {}),
          },
        }
      : {}),
  };
}

/** The participants of a direct message, from its recipient. */
function participants(db: Reader, message: MessageRecord): number[] {
  const recipient = db.get('recipients', message.recipient_id);
  if (recipient?.type === 'personal') return [recipient.type_id];
  return [...(db.get('direct_message_groups', recipient?.type_id ?? 0)?.user_ids ?? [])];
}

/** Whether the message's rows are those seeding makes by default: every active subscriber or participant, read by the sender. */
function hasDefaultRows(db: Reader, message: MessageRecord, activeSubscribers: Map<number, number[]>): boolean {
  const holders =
    message.stream_id === null ? participants(db, message) : (activeSubscribers.get(message.stream_id) ?? []);
  const rows = db.userMessages.usersOf(message.id);
  if (rows.length !== holders.length) return false;
  return holders.every(
    (userId) => db.userMessages.get(userId, message.id) === (userId === message.sender_id ? FLAG_BITS.read : 0),
  );
}

function exportMessage(
  db: Reader,
  message: MessageRecord,
  refs: Refs,
  activeSubscribers: Map<number, number[]>,
): FixtureMessageInput {
  const sender = refs.email(message.sender_id) as string;
  const others = participants(db, message).filter((id) => id !== message.sender_id);
  // Runs of the same emoji keep the reactions' order.
  const reactions: {
    emoji: string;
    code: string;
    type: 'unicode_emoji' | 'realm_emoji' | 'service_extra_emoji';
    users: string[];
  }[] = [];
  for (const reaction of message.reactions) {
    const last = reactions.at(-1);
    const email = refs.email(reaction.user_id) as string;
    if (
      last &&
      last.emoji === reaction.emoji_name &&
      last.code === reaction.emoji_code &&
      last.type === reaction.reaction_type
    )
      last.users.push(email);
    else
      reactions.push({
        emoji: reaction.emoji_name,
        code: reaction.emoji_code,
        type: reaction.reaction_type,
        users: [email],
      });
  }
  const flags = hasDefaultRows(db, message, activeSubscribers)
    ? undefined
    : Object.fromEntries(
        db.userMessages
          .usersOf(message.id)
          .map((userId) => [
            refs.email(userId) as string,
            flagNames(db.userMessages.get(userId, message.id) ?? 0).filter((flag) => flag !== 'wildcard_mentioned'),
          ]),
      );
  return {
    id: message.id,
    sender,
    ...(message.stream_id === null
      ? { to: others.length > 0 ? refs.emails(others) : [sender] }
      : { channel: refs.channel(message.stream_id) as string, topic: message.topic }),
    content: message.content,
    rendered_content: message.rendered_content,
    time: seconds(message.timestamp),
    ...(message.client === 'website' ? {} : { client: message.client }),
    ...(reactions.length > 0 ? { reactions } : {}),
    ...(flags ? { flags } : {}),
    ...(message.edit_history.length > 0
      ? {
          edits: message.edit_history.map((edit) => ({
            time: seconds(edit.timestamp),
            ...(edit.user_id === null ? {} : { user: refs.email(edit.user_id) as string }),
            ...(edit.prev_content === undefined ? {} : { prev_content: edit.prev_content }),
            ...(edit.prev_rendered_content === undefined ? {} : { prev_rendered_content: edit.prev_rendered_content }),
            ...(edit.prev_topic === undefined ? {} : { prev_topic: edit.prev_topic }),
            ...(edit.topic === undefined ? {} : { topic: edit.topic }),
            ...(edit.prev_stream === undefined ? {} : { prev_channel: refs.channel(edit.prev_stream) as string }),
            ...(edit.stream === undefined ? {} : { channel: refs.channel(edit.stream) as string }),
          })),
        }
      : {}),
  };
}

function exportChannel(
  db: Reader,
  channel: ChannelRecord,
  refs: Refs,
): NonNullable<OrganizationFixtureInput['channels']>[number] {
  const subscribers = byId(db.all('subscriptions'))
    .filter((sub) => sub.stream_id === channel.id)
    .map(({ id: _id, user_id, stream_id: _stream, ...rest }) => ({
      user: refs.email(user_id) as string,
      ...compact(rest, SUBSCRIPTION_DEFAULTS),
    }));
  return {
    id: channel.id,
    name: channel.name,
    ...compact(
      {
        description: channel.description,
        invite_only: channel.invite_only,
        is_web_public: channel.is_web_public,
        message_retention_days: channel.message_retention_days,
        topics_policy: channel.topics_policy,
        folder: channel.folder_id === null ? null : (db.get('channel_folders', channel.folder_id)?.name ?? null),
        is_default: channel.is_default,
        is_archived: channel.is_archived,
        creator: refs.email(channel.creator_id),
        permissions: refs.permissions(channel.groups, CHANNEL_GROUP_SETTING_CONFIGS, channel.creator_id),
      },
      CHANNEL_DEFAULTS,
    ),
    ...(channel.history_public_to_subscribers === !channel.invite_only
      ? {}
      : { history_public_to_subscribers: channel.history_public_to_subscribers }),
    date_created: seconds(channel.date_created),
    subscribers,
  } as NonNullable<OrganizationFixtureInput['channels']>[number];
}

/**
 * The organization of a store as a fixture (the format {@link parseFixture} reads), with the
 * IDs, API keys and password hashes it has, so that seeding it gives the same organization
 * back. Settings and permissions at their defaults are left out. Not in it: uploaded files
 * and avatars, event queues, pending email changes.
 *
 * @example
 * const fixture = exportOrganization(mock.store);
 * const copy = await createMock({ fixture });
 */
export function exportOrganization(db: Reader): OrganizationFixtureInput {
  const realm = db.get('realm', 1);
  if (!realm) throw new Error('[teamchat-server] the store holds no organization to export');
  const defaults = defaultRealm();
  const refs = new Refs(db);
  const activeSubscribers = new Map<number, number[]>();
  for (const sub of byId(db.all('subscriptions'))) {
    if (!sub.active || !db.get('users', sub.user_id)?.is_active) continue;
    activeSubscribers.set(
      sub.stream_id,
      [...(activeSubscribers.get(sub.stream_id) ?? []), sub.user_id].sort((a, b) => a - b),
    );
  }
  const settings = changed(realm, defaults, REALM_SETTING_KEYS);
  const permissions = Object.fromEntries(
    Object.entries(realm.groups)
      .filter(([key, value]) => !same(value, defaults.groups[key as keyof RealmRecord['groups']]))
      .map(([key, value]) => [key, refs.groupRef(value)]),
  );
  const userDefaults = changed(realm.user_settings_defaults, initialUserSettings());
  const fields = byId(db.all('custom_profile_fields'));
  return {
    teamchat_fixture: FIXTURE_FORMAT,
    organization: {
      name: realm.name,
      string_id: realm.string_id,
      ...(realm.description === '' ? {} : { description: realm.description }),
      date_created: seconds(realm.date_created),
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
      ...(Object.keys(permissions).length > 0 ? { permissions } : {}),
      ...(Object.keys(userDefaults).length > 0 ? { user_settings_defaults: userDefaults } : {}),
      new_stream_announcements_channel: refs.channel(realm.new_stream_announcements_stream_id),
    },
    users: byId(db.all('users')).map((user) => exportUser(db, user, realm, refs)),
    custom_profile_fields: fields.map((field) => {
      const options = field.type === FIELD_TYPE_VALUES.select ? selectOptions(field.field_data) : null;
      return compact(
        {
          id: field.id,
          name: field.name,
          type: nameOf(FIELD_TYPE_VALUES, field.type),
          hint: field.hint,
          ...(options ? { options } : field.field_data === '' ? {} : { field_data: field.field_data }),
          display_in_profile_summary: field.display_in_profile_summary,
          required: field.required,
          editable_by_user: field.editable_by_user,
        },
        FIELD_DEFAULTS,
      ) as NonNullable<OrganizationFixtureInput['custom_profile_fields']>[number];
    }),
    channel_folders: byId(db.all('channel_folders')).map((folder) => ({
      id: folder.id,
      name: folder.name,
      ...compact(
        { description: folder.description, is_archived: folder.is_archived, creator: refs.email(folder.creator_id) },
        FOLDER_DEFAULTS,
      ),
      date_created: seconds(folder.date_created),
      ...(folder.order === folder.id ? {} : { order: folder.order }),
    })),
    channels: byId(db.all('channels')).map((channel) => exportChannel(db, channel, refs)),
    user_groups: byId(db.all('user_groups'))
      .filter((group) => !group.is_system_group)
      .map((group) => ({
        id: group.id,
        name: group.name,
        ...compact(
          {
            description: group.description,
            members: refs.emails(group.members),
            subgroups: group.direct_subgroup_ids.map((id) => refs.group(id)),
            permissions: refs.permissions(group.groups, USER_GROUP_SETTING_CONFIGS, group.creator_id),
            creator: refs.email(group.creator_id),
          },
          GROUP_DEFAULTS,
        ),
        ...(group.date_created === null ? {} : { date_created: seconds(group.date_created) }),
        ...(group.deactivated ? { deactivated: true } : {}),
      })),
    linkifiers: byId(db.all('linkifiers')).map((linkifier, index) => ({
      id: linkifier.id,
      pattern: linkifier.pattern,
      url_template: linkifier.url_template,
      ...(linkifier.order === index ? {} : { order: linkifier.order }),
    })),
    playgrounds: byId(db.all('playgrounds')).map((p) => ({
      id: p.id,
      name: p.name,
      language: p.pygments_language,
      url_template: p.url_template,
    })),
    custom_emoji: byId(db.all('realm_emoji')).map((emoji) => ({
      id: emoji.id,
      name: emoji.name,
      author: refs.email(emoji.author_id),
      deactivated: emoji.deactivated,
    })),
    messages: byId(db.all('messages')).map((message) => exportMessage(db, message, refs, activeSubscribers)),
    user_topics: byId(db.all('user_topics')).map((topic) => ({
      user: refs.email(topic.user_id) as string,
      channel: refs.channel(topic.stream_id) as string,
      topic: topic.topic_name,
      visibility: nameOf(VISIBILITY_VALUES, topic.visibility_policy),
      updated: seconds(topic.last_updated),
    })),
    presence: byId(db.all('presence')).map((row) => ({
      user: refs.email(row.user_id) as string,
      last_active: row.last_active_time === null ? null : isoTime(Math.round(row.last_active_time * 1000)),
      last_connected: isoTime(Math.round(row.last_connected_time * 1000)),
    })),
    navigation_views: byId(db.all('navigation_views')).map((view) => ({
      id: view.id,
      user: refs.email(view.user_id) as string,
      fragment: view.fragment,
      is_pinned: view.is_pinned,
      name: view.name,
    })),
  };
}
