import {
  CHANNEL_GROUP_SETTINGS,
  MESSAGE_FLAGS,
  TOPICS_POLICIES,
  USER_GROUP_SETTINGS,
  USER_SETTINGS,
  type UserSettingName,
} from '@teamchat/schema';
import { z } from 'zod';
import { REALM_GROUP_SETTINGS } from '../model/records/realm.js';

/** The version of the fixture format this server reads and writes. */
export const FIXTURE_FORMAT = 1;

/**
 * A moment: an ISO 8601 date-time (`2026-01-05T09:00:00Z`), seconds since the epoch, `now`, or
 * a time before the moment of seeding (`-90s`, `-5m`, `-2h`, `-3d`, `-1w`).
 */
const Time = z.union([
  z.number().nonnegative(),
  z.literal('now'),
  z.string().regex(/^-\d+(\.\d+)?[smhdw]$/, { error: 'expected a relative time such as -5m (units s, m, h, d, w)' }),
  z.iso.datetime({ offset: true }),
]);
export type FixtureTime = z.infer<typeof Time>;

const Email = z.string().min(3).includes('@', { error: 'expected an email address' });
const Id = z.number().int().positive();
const Name = z.string().min(1);

/**
 * Who holds a permission: a system group (`role:members`), a user group by name, or an
 * anonymous group of users (by email) and groups (by name).
 */
const GroupRef = z.union([
  Name,
  z.strictObject({ direct_members: z.array(Email).default([]), direct_subgroups: z.array(Name).default([]) }),
]);
export type FixtureGroupRef = z.infer<typeof GroupRef>;

function permissions<const T extends readonly string[]>(names: T) {
  return z.strictObject(
    Object.fromEntries(names.map((name) => [name, GroupRef.optional()])) as Record<
      T[number],
      z.ZodOptional<typeof GroupRef>
    >,
  );
}

/** Personal settings, any subset, each checked as PATCH /settings checks it. */
const UserSettingsPatch = z.strictObject(
  Object.fromEntries(
    Object.entries(USER_SETTINGS).map(([name, spec]) => [name, spec.schema.optional()]),
  ) as unknown as Record<UserSettingName, z.ZodOptional<z.ZodType>>,
);

const NullableSeconds = z.number().int().nonnegative().nullable();

/** The organization's own settings (those left out keep a new organization's defaults). */
const RealmSettings = z.strictObject({
  empty_topic_display_name: z.string().optional(),
  topics_policy: z.enum(['allow_empty_topic', 'disable_empty_topic']).optional(),
  enable_spectator_access: z.boolean().optional(),
  waiting_period_threshold: z.number().int().nonnegative().optional(),
  message_retention_days: z.number().int().optional(),
  message_content_delete_limit_seconds: NullableSeconds.optional(),
  message_content_edit_limit_seconds: NullableSeconds.optional(),
  allow_message_editing: z.boolean().optional(),
  move_messages_within_stream_limit_seconds: NullableSeconds.optional(),
  move_messages_between_streams_limit_seconds: NullableSeconds.optional(),
  message_edit_history_visibility_policy: z.literal([1, 2, 3]).optional(),
  name_changes_disabled: z.boolean().optional(),
  email_changes_disabled: z.boolean().optional(),
  require_unique_names: z.boolean().optional(),
  presence_disabled: z.boolean().optional(),
});
export type FixtureRealmSettings = z.infer<typeof RealmSettings>;
/** The organization settings a fixture carries. */
export const REALM_SETTING_KEYS = Object.keys(RealmSettings.shape) as (keyof FixtureRealmSettings)[];

const Organization = z.strictObject({
  name: Name,
  /** Identifier of the organization (`sender_realm_str`); default `demo`. */
  string_id: z
    .string()
    .regex(/^[a-z0-9-]*$/)
    .default('demo'),
  description: z.string().default(''),
  date_created: Time.default('now'),
  settings: RealmSettings.default({}),
  permissions: permissions(REALM_GROUP_SETTINGS).default({}),
  user_settings_defaults: UserSettingsPatch.default({}),
  /** Where the Notification Bot announces new channels: a channel name, or null for nowhere. */
  new_stream_announcements_channel: Name.nullable().default(null),
});

export const FIXTURE_ROLES = ['owner', 'administrator', 'moderator', 'member', 'guest'] as const;
export const FIXTURE_BOT_TYPES = ['generic', 'incoming_webhook', 'outgoing_webhook', 'embedded'] as const;

const User = z.strictObject({
  id: Id.optional(),
  email: Email,
  full_name: Name,
  role: z.enum(FIXTURE_ROLES).default('member'),
  /**
   * A password for POST /fetch_api_key (hashed when seeding), or `{ random: true }` for one
   * made up and reported with the accounts. Leave it out (and `password_hash`) for none.
   */
  password: z.union([z.string().min(1), z.strictObject({ random: z.literal(true) })]).optional(),
  /** A stored PBKDF2 hash (`pbkdf2_sha256$iterations$salt$hash`), as exports write it. */
  password_hash: z.string().startsWith('pbkdf2_sha256$').optional(),
  /** 32 letters and digits; a random key when left out. */
  api_key: z
    .string()
    .regex(/^[A-Za-z0-9]{32}$/, { error: 'expected 32 letters and digits' })
    .optional(),
  is_active: z.boolean().default(true),
  date_joined: Time.default('now'),
  /** Personal settings that differ from the organization's defaults. */
  settings: UserSettingsPatch.default({}),
  /**
   * Custom profile field values by field name: text as is, a list field by option text, a user
   * field as a list of emails.
   */
  profile: z.record(z.string(), z.union([z.string(), z.array(Email)])).default({}),
  can_change_user_emails: z.boolean().default(false),
  can_create_users: z.boolean().default(false),
  avatar_version: z.number().int().positive().default(1),
  /** Makes the account a bot. */
  bot: z
    .strictObject({
      type: z.enum(FIXTURE_BOT_TYPES).default('generic'),
      /** The owner's email; null for none. */
      owner: Email.nullable().default(null),
      /** Outgoing-webhook bots: where and how they are notified. */
      service: z
        .strictObject({
          base_url: z.string(),
          token: z.string(),
          interface: z.literal([1, 2]).default(1),
          name: z.string().optional(),
        })
        .nullable()
        .default(null),
      /** The server's own bot (Notification Bot): not listed among the organization's users. */
      system: z.boolean().default(false),
    })
    .optional(),
});

export const FIXTURE_FIELD_TYPES = [
  'short_text',
  'long_text',
  'select',
  'date',
  'url',
  'user',
  'external_account',
  'pronouns',
] as const;

const CustomProfileField = z.strictObject({
  id: Id.optional(),
  name: Name,
  type: z.enum(FIXTURE_FIELD_TYPES),
  hint: z.string().default(''),
  /** The choices of a `select` field, in order. */
  options: z.array(Name).optional(),
  /** The raw `field_data` JSON text (instead of `options`; `{"subtype":"github"}` for external accounts). */
  field_data: z.string().optional(),
  display_in_profile_summary: z.boolean().default(false),
  required: z.boolean().default(false),
  editable_by_user: z.boolean().default(true),
});

const ChannelFolder = z.strictObject({
  id: Id.optional(),
  name: Name,
  description: z.string().default(''),
  is_archived: z.boolean().default(false),
  creator: Email.nullable().default(null),
  date_created: Time.default('now'),
  /** Position among the folders; default its ID (a new folder goes last). */
  order: z.number().int().optional(),
});

/** A subscriber: an email, or an email with personal settings of the subscription. */
const Subscriber = z.union([
  Email,
  z.strictObject({
    user: Email,
    /** False for a former subscriber (kept, inactive, as after unsubscribing). */
    active: z.boolean().default(true),
    color: z
      .string()
      .regex(/^#[0-9a-f]{6}$/)
      .optional(),
    is_muted: z.boolean().default(false),
    pin_to_top: z.boolean().default(false),
    desktop_notifications: z.boolean().nullable().default(null),
    audible_notifications: z.boolean().nullable().default(null),
    push_notifications: z.boolean().nullable().default(null),
    email_notifications: z.boolean().nullable().default(null),
    wildcard_mentions_notify: z.boolean().nullable().default(null),
  }),
]);

const Channel = z.strictObject({
  id: Id.optional(),
  name: Name,
  description: z.string().default(''),
  invite_only: z.boolean().default(false),
  is_web_public: z.boolean().default(false),
  /** Default: true for public channels, false for private ones. */
  history_public_to_subscribers: z.boolean().optional(),
  message_retention_days: z.number().int().nullable().default(null),
  topics_policy: z.enum(TOPICS_POLICIES).default('inherit'),
  /** A channel folder, by name. */
  folder: Name.nullable().default(null),
  is_default: z.boolean().default(false),
  is_archived: z.boolean().default(false),
  creator: Email.nullable().default(null),
  date_created: Time.default('now'),
  permissions: permissions(CHANNEL_GROUP_SETTINGS).default({}),
  subscribers: z.array(Subscriber).default([]),
});

const UserGroup = z.strictObject({
  id: Id.optional(),
  name: Name.refine((name) => !name.startsWith('role:'), {
    error: "names starting with 'role:' are the system groups'",
  }),
  description: z.string().default(''),
  members: z.array(Email).default([]),
  /** Direct subgroups, by name (system groups included). */
  subgroups: z.array(Name).default([]),
  permissions: permissions(USER_GROUP_SETTINGS).default({}),
  creator: Email.nullable().default(null),
  date_created: Time.default('now'),
  deactivated: z.boolean().default(false),
});

/** A linkifier; `order` (default: its place in the list) decides which applies first. */
const Linkifier = z.strictObject({
  id: Id.optional(),
  pattern: z.string().min(1),
  url_template: z.string().min(1),
  order: z.number().int().optional(),
});
const Playground = z.strictObject({ id: Id.optional(), name: Name, language: Name, url_template: z.string().min(1) });
const CustomEmoji = z.strictObject({
  id: Id.optional(),
  name: Name,
  author: Email.nullable().default(null),
  deactivated: z.boolean().default(false),
});

/** A past edit, most recent first (as GET /messages/{id}/history shows them). */
const Edit = z.strictObject({
  time: Time,
  /** Who edited (omitted for an edit by the system). */
  user: Email.optional(),
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  prev_topic: z.string().optional(),
  topic: z.string().optional(),
  /** The channel moved from (by name), and to. */
  prev_channel: Name.optional(),
  channel: Name.optional(),
});

const Reaction = z.strictObject({
  /** The emoji's name (`wave`, or a custom emoji's name). */
  emoji: Name,
  /** The emoji's code: the Unicode code point(s) (`1f44b`), or the custom emoji's ID; looked up from the name when left out. */
  code: z.string().optional(),
  type: z.enum(['unicode_emoji', 'realm_emoji', 'service_extra_emoji']).optional(),
  users: z.array(Email).min(1),
});

const Message = z
  .strictObject({
    id: Id.optional(),
    sender: Email,
    /** A channel message: the channel's name and the topic. */
    channel: Name.optional(),
    topic: z.string().optional(),
    /** A direct message: the other participants (the sender alone for a note to self). */
    to: z.array(Email).min(1).optional(),
    content: z.string(),
    /** The rendered HTML as stored (exports keep it); rendered from `content` when left out. */
    rendered_content: z.string().optional(),
    time: Time.default('now'),
    client: z.string().default('website'),
    reactions: z.array(Reaction).default([]),
    /**
     * Exactly who has the message and with which flags (`read`, `starred`, …). Left out: every
     * active subscriber of the channel (every participant of a direct message), read by the
     * sender only.
     */
    flags: z
      .record(
        Email,
        z.array(z.enum([...MESSAGE_FLAGS.filter((flag) => flag !== 'wildcard_mentioned')] as [string, ...string[]])),
      )
      .optional(),
    edits: z.array(Edit).default([]),
  })
  .refine((message) => (message.channel === undefined) !== (message.to === undefined), {
    error: 'give either channel (with topic) or to (a direct message)',
  })
  .refine((message) => message.channel === undefined || message.topic !== undefined, {
    error: 'a channel message needs a topic',
    path: ['topic'],
  });
export type FixtureMessage = z.infer<typeof Message>;

const UserTopic = z.strictObject({
  user: Email,
  channel: Name,
  topic: z.string(),
  visibility: z.enum(['inherit', 'muted', 'unmuted', 'followed']),
  updated: Time.default('now'),
});

const Presence = z.strictObject({ user: Email, last_active: Time.nullable(), last_connected: Time });
const NavigationView = z.strictObject({
  id: Id.optional(),
  user: Email,
  fragment: Name,
  is_pinned: z.boolean(),
  name: z.string().nullable().default(null),
});

/**
 * An organization as a file: version {@link FIXTURE_FORMAT} of teamchat's fixture format.
 * Records refer to each other by natural keys (users by email, channels, groups, folders and
 * profile fields by name); `id`s are optional and, when given, kept (each list in ascending
 * ID order). Every key but `teamchat_fixture` and `organization` may be left out.
 */
export const OrganizationFixture = z.strictObject({
  teamchat_fixture: z.literal(FIXTURE_FORMAT, {
    error: `expected ${FIXTURE_FORMAT} (the fixture format this server reads)`,
  }),
  organization: Organization,
  users: z.array(User).default([]),
  custom_profile_fields: z.array(CustomProfileField).default([]),
  channel_folders: z.array(ChannelFolder).default([]),
  channels: z.array(Channel).default([]),
  user_groups: z.array(UserGroup).default([]),
  linkifiers: z.array(Linkifier).default([]),
  playgrounds: z.array(Playground).default([]),
  custom_emoji: z.array(CustomEmoji).default([]),
  messages: z.array(Message).default([]),
  user_topics: z.array(UserTopic).default([]),
  presence: z.array(Presence).default([]),
  navigation_views: z.array(NavigationView).default([]),
});

/** An organization fixture after validation (defaults filled in). */
export type OrganizationFixture = z.infer<typeof OrganizationFixture>;
/** An organization fixture as written (what {@link parseFixture} accepts). */
export type OrganizationFixtureInput = z.input<typeof OrganizationFixture>;
