import type { ChannelGroupSetting, EditHistoryEntry, GroupSettingValue, UserGroupSetting } from '@teamchat/schema';
import { hashPassword } from '../auth/passwords.js';
import { insertChannel } from '../channels/insert-channel.js';
import { insertSubscription } from '../channels/insert-subscription.js';
import { randomAlphanumeric } from '../internal/random.js';
import { emojiByName } from '../markdown/emoji-data.js';
import { renderMarkdown } from '../markdown/render-markdown.js';
import { renderMessage } from '../markdown/render-message.js';
import { insertMessage, senderFlags } from '../messages/insert-message.js';
import { createSystemBots } from '../messages/notification-bot.js';
import { activeSubscriberIds } from '../model/channel-access.js';
import type { Context } from '../runtime/context.js';
import type { Services } from '../runtime/services.js';
import { createUser } from '../model/create-user.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { DbTx } from '../model/db.js';
import type { RealmGroupSetting, RealmRecord } from '../model/records/realm.js';
import type { UserGroupRecord } from '../model/records/user-groups.js';
import type { UserRecord } from '../model/records/users.js';
import { directRecipientId } from '../model/direct-message-groups.js';
import { canonicalGroupSettingValue, systemGroupId } from '../model/group-setting-value.js';
import { FLAG_BITS, type ReactionRecord, type StoredFlag } from '../model/records/messages.js';
import { SYSTEM_GROUP_NAMES, type SystemGroupName } from '../model/system-groups.js';
import { nextPresenceUpdateId } from '../presence/presence-sequence.js';
import { createRealm } from '../realm/create-realm.js';
import { insertUserGroup, userGroupSettings } from '../user-groups/insert-user-group.js';
import { storedProfileValue, withProfileValues } from '../users/profile-data.js';
import {
  BOT_TYPE_VALUES,
  FIELD_TYPE_VALUES,
  ROLE_VALUES,
  selectFieldData,
  timeOf,
  VISIBILITY_VALUES,
} from './fixture-codes.js';
import type { FixtureGroupRef, FixtureMessage, FixtureTime, OrganizationFixture } from './fixture-schema.js';
import { FixtureError } from './parse-fixture.js';

/** What seeding uses of the server: the store and its indexes, the clock, randomness. */
export type SeedServices = Pick<Services, 'store' | 'indexes' | 'config' | 'now' | 'random'>;

/** The kinds of account a fixture makes: its roles, and `bot` for every bot. */
export type DemoRole = 'owner' | 'administrator' | 'moderator' | 'member' | 'guest' | 'bot';

/** An account of a seeded organization and its credentials. */
export interface DemoAccount {
  role: DemoRole;
  userId: number;
  email: string;
  fullName: string;
  apiKey: string;
  /** Password for POST /fetch_api_key, when the fixture gave one or had one made up; null otherwise. */
  password: string | null;
}

/** Options of {@link seedOrganization}. */
export interface SeedOptions {
  /**
   * Passwords for the users whose fixture password is `{ random: true }`, instead of random
   * ones: by email, or by role for every user of that role (the mock's `MOCK_PASSWORDS`).
   */
  passwords?: Readonly<Partial<Record<string, string>>>;
  /** PBKDF2 iterations of the passwords hashed now (the mock uses few, to start fast). */
  passwordIterations?: number;
  /**
   * Create the system bots (Notification Bot, Email Gateway, Welcome Bot) with the users, those
   * the fixture does not have, so that they exist from the start as on the real server
   * (`cross_realm_bots`); the demo organization does.
   */
  systemBots?: boolean;
}

type SeedContext = Pick<Context, 'db' | 'indexes' | 'now' | 'random'>;

/** Name and email lookups of the records seeded so far. */
class Names {
  readonly users = new Map<string, UserRecord>();
  readonly channels = new Map<string, ChannelRecord>();
  readonly groups = new Map<string, number>();
  readonly folders = new Map<string, number>();

  constructor(private readonly db: DbTx) {}

  user(email: string): UserRecord {
    const user = this.users.get(email.toLowerCase());
    if (!user) throw new FixtureError([`no user with email '${email}'`]);
    return user;
  }

  userId(email: string | null | undefined): number | null {
    return email === null || email === undefined ? null : this.user(email).id;
  }

  channel(name: string): ChannelRecord {
    const channel = this.channels.get(name.toLowerCase());
    if (!channel) throw new FixtureError([`no channel named '${name}'`]);
    return this.db.get('channels', channel.id) as ChannelRecord;
  }

  group(name: string): number {
    if ((SYSTEM_GROUP_NAMES as readonly string[]).includes(name))
      return systemGroupId({ db: this.db }, name as SystemGroupName);
    const id = this.groups.get(name);
    if (id === undefined) throw new FixtureError([`no user group named '${name}'`]);
    return id;
  }

  /** A group setting's value, in the canonical form the API stores. */
  groupValue(ref: FixtureGroupRef): GroupSettingValue {
    if (typeof ref === 'string') return this.group(ref);
    const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
    return canonicalGroupSettingValue(
      { db: this.db },
      {
        direct_members: sorted(ref.direct_members.map((email) => this.user(email).id)),
        direct_subgroups: sorted(ref.direct_subgroups.map((name) => this.group(name))),
      },
    );
  }

  permissions<K extends string>(
    given: Partial<Record<K, FixtureGroupRef | undefined>>,
  ): Partial<Record<K, GroupSettingValue>> {
    const values: Partial<Record<K, GroupSettingValue>> = {};
    for (const [setting, ref] of Object.entries(given) as [K, FixtureGroupRef | undefined][])
      if (ref !== undefined) values[setting] = this.groupValue(ref);
    return values;
  }
}

/** Hashes the fixture's passwords (made up where it asks for random ones), in user order. */
async function passwordsOf(
  services: SeedServices,
  fixture: OrganizationFixture,
  options: SeedOptions,
): Promise<Map<string, { plain: string | null; hash: string | null }>> {
  const result = new Map<string, { plain: string | null; hash: string | null }>();
  for (const user of fixture.users) {
    let plain: string | null = null;
    if (typeof user.password === 'string') plain = user.password;
    else if (user.password)
      plain =
        options.passwords?.[user.email] ?? options.passwords?.[user.role] ?? randomAlphanumeric(16, services.random);
    const hash =
      plain === null
        ? (user.password_hash ?? null)
        : await hashPassword(plain, services.random, options.passwordIterations);
    result.set(user.email.toLowerCase(), { plain, hash });
  }
  return result;
}

function seedUsers(
  ctx: SeedContext,
  fixture: OrganizationFixture,
  names: Names,
  passwords: Map<string, { hash: string | null }>,
  at: (t: FixtureTime) => number,
): void {
  const { db } = ctx;
  for (const entry of fixture.users) {
    const given = entry.bot?.service ?? null;
    // An outgoing webhook's service, with its name only when it has one.
    const service: UserRecord['service'] = given && {
      base_url: given.base_url,
      token: given.token,
      interface: given.interface,
      ...(given.name === undefined ? {} : { name: given.name }),
    };
    const bot = entry.bot ? { type: BOT_TYPE_VALUES[entry.bot.type], ownerId: null, service } : undefined;
    const created = createUser(
      { ...ctx, now: () => at(entry.date_joined) },
      {
        ...(entry.id === undefined ? {} : { id: entry.id }),
        email: entry.email,
        fullName: entry.full_name,
        role: ROLE_VALUES[entry.role],
        passwordHash: passwords.get(entry.email.toLowerCase())?.hash ?? null,
        ...(bot ? { bot } : {}),
        ...(entry.bot?.system ? { systemBot: true } : {}),
      },
    );
    const changes: Partial<UserRecord> = {};
    if (entry.api_key !== undefined) changes.api_key = entry.api_key;
    if (!entry.is_active) changes.is_active = false;
    if (Object.keys(entry.settings).length > 0)
      changes.settings = { ...created.settings, ...entry.settings } as UserRecord['settings'];
    if (entry.can_change_user_emails) changes.can_change_user_emails = true;
    if (entry.can_create_users) changes.can_create_users = true;
    if (entry.avatar_version !== 1) changes.avatar_version = entry.avatar_version;
    names.users.set(
      entry.email.toLowerCase(),
      Object.keys(changes).length > 0 ? db.patch('users', created.id, changes) : created,
    );
  }
  for (const entry of fixture.users) {
    if (entry.bot?.owner)
      db.patch('users', names.user(entry.email).id, { bot_owner_id: names.user(entry.bot.owner).id });
  }
}

function seedProfiles(db: DbTx, fixture: OrganizationFixture, names: Names): void {
  const fields = fixture.custom_profile_fields.map((field, index) =>
    db.put('custom_profile_fields', {
      id: field.id ?? db.nextId('custom_profile_fields'),
      name: field.name,
      hint: field.hint,
      type: FIELD_TYPE_VALUES[field.type],
      order: index + 1,
      field_data: field.field_data ?? (field.options ? selectFieldData(field.options) : ''),
      display_in_profile_summary: field.display_in_profile_summary,
      required: field.required,
      editable_by_user: field.editable_by_user,
    }),
  );
  const byName = new Map(fields.map((field) => [field.name, field]));
  for (const entry of fixture.users) {
    if (Object.keys(entry.profile).length === 0) continue;
    const user = db.get('users', names.user(entry.email).id) as UserRecord;
    const values = Object.entries(entry.profile).map(([name, value]) => {
      const field = byName.get(name) as (typeof fields)[number];
      let text: string;
      if (Array.isArray(value)) text = JSON.stringify(value.map((email) => names.user(email).id));
      else if (field.type === FIELD_TYPE_VALUES.select) {
        // An option by its text (or by its key, as stored).
        const options = Object.entries(JSON.parse(field.field_data || '{}') as Record<string, { text: string }>);
        text = options.find(([, option]) => option.text === value)?.[0] ?? value;
      } else text = value;
      return storedProfileValue(field, text);
    });
    db.patch('users', user.id, withProfileValues(user, values));
  }
}

function seedChannels(
  ctx: SeedContext,
  fixture: OrganizationFixture,
  names: Names,
  at: (t: FixtureTime) => number,
): void {
  const { db } = ctx;
  fixture.channel_folders.forEach((folder) => {
    const id = folder.id ?? db.nextId('channel_folders');
    db.put('channel_folders', {
      id,
      name: folder.name,
      description: folder.description,
      rendered_description: renderMarkdown(folder.description).html,
      date_created: Math.floor(at(folder.date_created) / 1000),
      creator_id: names.userId(folder.creator),
      is_archived: folder.is_archived,
      order: folder.order ?? id,
    });
    names.folders.set(folder.name, id);
  });
  for (const entry of fixture.channels) {
    const channel = insertChannel(
      { ...ctx, now: () => at(entry.date_created) },
      {
        ...(entry.id === undefined ? {} : { id: entry.id }),
        name: entry.name,
        description: entry.description,
        creatorId: names.userId(entry.creator),
        inviteOnly: entry.invite_only,
        isWebPublic: entry.is_web_public,
        ...(entry.history_public_to_subscribers === undefined
          ? {}
          : { historyPublicToSubscribers: entry.history_public_to_subscribers }),
        messageRetentionDays: entry.message_retention_days,
        topicsPolicy: entry.topics_policy,
        isDefault: entry.is_default,
        folderId: entry.folder === null ? null : (names.folders.get(entry.folder) ?? null),
        groups: names.permissions<ChannelGroupSetting>(entry.permissions),
      },
    );
    names.channels.set(
      entry.name.toLowerCase(),
      entry.is_archived ? db.patch('channels', channel.id, { is_archived: true }) : channel,
    );
  }
  for (const entry of fixture.channels) {
    const channel = names.channel(entry.name);
    for (const subscriber of entry.subscribers) {
      const settings = typeof subscriber === 'string' ? null : subscriber;
      const user = names.user(typeof subscriber === 'string' ? subscriber : subscriber.user);
      const sub = insertSubscription(ctx, {
        userId: user.id,
        channelId: channel.id,
        ...(settings?.color ? { color: settings.color } : {}),
      });
      if (settings) {
        const { user: _user, color: _color, ...rest } = settings;
        const changes = Object.fromEntries(
          Object.entries(rest).filter(([key, value]) => sub[key as keyof typeof sub] !== value),
        );
        if (Object.keys(changes).length > 0) db.patch('subscriptions', sub.id, changes);
      }
    }
  }
  const announcements = fixture.organization.new_stream_announcements_channel;
  if (announcements !== null)
    db.patch('realm', 1, { new_stream_announcements_stream_id: names.channel(announcements).id });
}

/** User groups first without subgroups and settings (they may name groups listed later), then those. */
function seedUserGroups(
  ctx: SeedContext,
  fixture: OrganizationFixture,
  names: Names,
  at: (t: FixtureTime) => number,
): void {
  const { db } = ctx;
  const created = fixture.user_groups.map((entry) => {
    const group = insertUserGroup(
      { ...ctx, now: () => at(entry.date_created) },
      {
        ...(entry.id === undefined ? {} : { id: entry.id }),
        name: entry.name,
        description: entry.description,
        members: entry.members.map((email) => names.user(email).id),
        creatorId: names.userId(entry.creator),
      },
    );
    names.groups.set(entry.name, group.id);
    return group;
  });
  fixture.user_groups.forEach((entry, i) => {
    const group = created[i] as UserGroupRecord;
    const given = names.permissions<UserGroupSetting>(entry.permissions);
    db.patch('user_groups', group.id, {
      direct_subgroup_ids: [...new Set(entry.subgroups.map((name) => names.group(name)))].sort((a, b) => a - b),
      groups: userGroupSettings({ db }, group.creator_id, given),
      ...(entry.deactivated ? { deactivated: true } : {}),
    });
  });
  const realm = db.get('realm', 1) as RealmRecord;
  const realmPermissions = names.permissions<RealmGroupSetting>(fixture.organization.permissions);
  if (Object.keys(realmPermissions).length > 0)
    db.patch('realm', 1, { groups: { ...realm.groups, ...realmPermissions } });
}

function seedRealmConfiguration(db: DbTx, fixture: OrganizationFixture, names: Names): void {
  fixture.linkifiers.forEach((linkifier, index) => {
    db.put('linkifiers', {
      id: linkifier.id ?? db.nextId('linkifiers'),
      pattern: linkifier.pattern,
      url_template: linkifier.url_template,
      order: linkifier.order ?? index,
    });
  });
  for (const playground of fixture.playgrounds) {
    db.put('playgrounds', {
      id: playground.id ?? db.nextId('playgrounds'),
      name: playground.name,
      pygments_language: playground.language,
      url_template: playground.url_template,
    });
  }
  for (const emoji of fixture.custom_emoji) {
    const id = emoji.id ?? db.nextId('realm_emoji');
    db.put('realm_emoji', {
      id,
      name: emoji.name,
      source_url: `/user_avatars/1/emoji/images/${id}.png`,
      author_id: names.userId(emoji.author),
      deactivated: emoji.deactivated,
    });
  }
}

function flagBits(flags: readonly string[]): number {
  return flags.reduce((bits, flag) => bits | (FLAG_BITS[flag as StoredFlag] ?? 0), 0);
}

function reactionsOf(db: DbTx, message: FixtureMessage, names: Names, path: string): ReactionRecord[] {
  return message.reactions.flatMap((reaction, j) => {
    const custom = [...db.all('realm_emoji')].find((emoji) => emoji.name === reaction.emoji && !emoji.deactivated);
    const type =
      reaction.type ?? (custom ? 'realm_emoji' : reaction.emoji === 'zulip' ? 'service_extra_emoji' : 'unicode_emoji');
    const code =
      reaction.code ??
      (type === 'realm_emoji'
        ? custom
          ? String(custom.id)
          : undefined
        : type === 'service_extra_emoji'
          ? 'zulip'
          : emojiByName(reaction.emoji)?.code);
    if (code === undefined)
      throw new FixtureError([`${path}.reactions[${j}].emoji: no emoji named '${reaction.emoji}' (give its code)`]);
    return reaction.users.map((email) => ({
      emoji_name: reaction.emoji,
      emoji_code: code,
      reaction_type: type,
      user_id: names.user(email).id,
    }));
  });
}

function editHistoryOf(message: FixtureMessage, names: Names, at: (t: FixtureTime) => number): EditHistoryEntry[] {
  return message.edits.map((edit) => ({
    user_id: names.userId(edit.user),
    timestamp: Math.floor(at(edit.time) / 1000),
    ...(edit.prev_content === undefined ? {} : { prev_content: edit.prev_content }),
    ...(edit.prev_rendered_content === undefined ? {} : { prev_rendered_content: edit.prev_rendered_content }),
    ...(edit.prev_channel === undefined ? {} : { prev_stream: names.channel(edit.prev_channel).id }),
    ...(edit.channel === undefined ? {} : { stream: names.channel(edit.channel).id }),
    ...(edit.prev_topic === undefined ? {} : { prev_topic: edit.prev_topic }),
    ...(edit.topic === undefined ? {} : { topic: edit.topic }),
  }));
}

function seedMessages(
  ctx: SeedContext & { services: SeedServices },
  fixture: OrganizationFixture,
  names: Names,
  at: (t: FixtureTime) => number,
): void {
  const { db } = ctx;
  fixture.messages.forEach((message, i) => {
    const sender = names.user(message.sender);
    const channel = message.channel === undefined ? null : names.channel(message.channel);
    const participants = channel ? [] : [sender.id, ...(message.to ?? []).map((email) => names.user(email).id)];
    const flags = new Map<number, number>();
    if (message.flags) {
      for (const [email, list] of Object.entries(message.flags)) flags.set(names.user(email).id, flagBits(list));
    } else {
      // Every active subscriber (every participant) has it; only the sender has read it.
      for (const userId of channel ? activeSubscriberIds(ctx, channel.id) : [...new Set(participants)])
        flags.set(userId, userId === sender.id ? senderFlags(true) : 0);
    }
    const rendered = renderMessage({ ...ctx.services, db, realm: db.get('realm', 1) as RealmRecord }, message.content, {
      sender,
    });
    // A stored rendering (exports keep the one made when the message was sent) wins.
    const kept = message.rendered_content !== undefined && message.rendered_content !== rendered.html;
    const record = insertMessage(
      { db, now: ctx.now },
      {
        ...(message.id === undefined ? {} : { id: message.id }),
        sender,
        content: message.content,
        client: message.client,
        flags,
        timestamp: Math.floor(at(message.time) / 1000),
        rendered: kept ? (message.rendered_content as string) : rendered.html,
        isMeMessage: rendered.isMeMessage,
        ...(kept ? {} : { has: rendered }),
      },
      channel
        ? { kind: 'stream', channel, topic: message.topic as string }
        : { kind: 'private', recipientId: directRecipientId(ctx, participants) },
    );
    const reactions = reactionsOf(db, message, names, `messages[${i}]`);
    const edits = editHistoryOf(message, names, at);
    if (reactions.length > 0 || edits.length > 0) db.patch('messages', record.id, { reactions, edit_history: edits });
  });
}

function seedPersonalState(db: DbTx, fixture: OrganizationFixture, names: Names, at: (t: FixtureTime) => number): void {
  for (const entry of fixture.user_topics) {
    db.put('user_topics', {
      id: db.nextId('user_topics'),
      user_id: names.user(entry.user).id,
      stream_id: names.channel(entry.channel).id,
      topic_name: entry.topic,
      visibility_policy: VISIBILITY_VALUES[entry.visibility],
      last_updated: Math.floor(at(entry.updated) / 1000),
    });
  }
  for (const entry of fixture.presence) {
    const user = names.user(entry.user);
    db.put('presence', {
      id: user.id,
      user_id: user.id,
      last_active_time: entry.last_active === null ? null : at(entry.last_active) / 1000,
      last_connected_time: at(entry.last_connected) / 1000,
      last_update_id: nextPresenceUpdateId(db),
    });
  }
  for (const view of fixture.navigation_views) {
    db.put('navigation_views', {
      id: view.id ?? db.nextId('navigation_views'),
      user_id: names.user(view.user).id,
      fragment: view.fragment,
      is_pinned: view.is_pinned,
      name: view.name,
    });
  }
}

/**
 * Fills an empty store with the organization of a validated fixture (see `parseFixture`), in
 * one transaction: the organization and its system groups, users and bots, profile fields,
 * folders and channels with their subscribers, user groups, permissions, linkifiers,
 * playgrounds, custom emoji, messages (rendered now unless the fixture keeps their HTML) with
 * reactions, flags and edits, topic visibility, presence and navigation views. Relative times
 * count back from the server's clock. Returns the active accounts with their credentials.
 *
 * @throws {FixtureError} for what validation cannot see (an unknown emoji); nothing is written then.
 */
export async function seedOrganization(
  services: SeedServices,
  fixture: OrganizationFixture,
  options: SeedOptions = {},
): Promise<DemoAccount[]> {
  const passwords = await passwordsOf(services, fixture, options);
  return services.store.write((db) => {
    const start = services.now();
    const at = (time: FixtureTime) => timeOf(time, start);
    const ctx = { db, indexes: services.indexes, now: services.now, random: services.random };
    const org = fixture.organization;
    createRealm(db, {
      name: org.name,
      stringId: org.string_id,
      description: org.description,
      now: at(org.date_created),
    });
    const realm = db.get('realm', 1) as RealmRecord;
    db.patch('realm', 1, {
      ...(org.settings as Partial<RealmRecord>),
      user_settings_defaults: {
        ...realm.user_settings_defaults,
        ...org.user_settings_defaults,
      } as RealmRecord['user_settings_defaults'],
    });
    const names = new Names(db);
    seedUsers(ctx, fixture, names, passwords, at);
    if (options.systemBots) createSystemBots(ctx);
    seedProfiles(db, fixture, names);
    seedUserGroups(ctx, fixture, names, at);
    seedChannels(ctx, fixture, names, at);
    seedRealmConfiguration(db, fixture, names);
    seedMessages({ ...ctx, services }, fixture, names, at);
    seedPersonalState(db, fixture, names, at);
    return fixture.users
      .filter((entry) => entry.is_active && !entry.bot?.system)
      .map((entry) => {
        const user = names.user(entry.email);
        return {
          role: entry.bot ? 'bot' : entry.role,
          userId: user.id,
          email: user.email,
          fullName: user.full_name,
          apiKey: (db.get('users', user.id) as UserRecord).api_key,
          password: passwords.get(entry.email.toLowerCase())?.plain ?? null,
        };
      });
  });
}
