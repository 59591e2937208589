import { SYSTEM_GROUP_NAMES } from '../model/system-groups.js';
import type { FixtureGroupRef, OrganizationFixture } from './fixture-schema.js';

/** The first ID the organization's own user groups can have: the eight system groups come first. */
export const FIRST_USER_GROUP_ID = SYSTEM_GROUP_NAMES.length + 1;

/**
 * The problems of a validated fixture's references, each with its path: names and emails that
 * appear twice, references to users, channels, groups, folders or fields that it does not
 * define, and `id`s out of ascending order. Empty when the fixture hangs together.
 */
export function fixtureReferenceProblems(fixture: OrganizationFixture): string[] {
  const problems: string[] = [];
  const report = (path: string, message: string) => problems.push(`${path}: ${message}`);

  const unique = <T>(list: readonly T[], key: (item: T) => string, path: string, what: string): Set<string> => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      const value = key(item);
      if (seen.has(value)) report(`${path}[${i}]`, `${what} '${value}' appears twice`);
      seen.add(value);
    });
    return seen;
  };
  const ascending = (list: readonly { id?: number | undefined }[], path: string, first = 1) => {
    let last = first - 1;
    list.forEach((item, i) => {
      if (item.id === undefined) {
        last += 1;
        return;
      }
      if (item.id <= last)
        report(
          `${path}[${i}].id`,
          `${item.id} must be above ${last} (records are listed in ascending ID order${first > 1 ? `, from ${first}` : ''})`,
        );
      last = Math.max(last, item.id);
    });
  };

  const emails = unique(fixture.users, (user) => user.email.toLowerCase(), 'users', 'email');
  const channels = unique(fixture.channels, (channel) => channel.name.toLowerCase(), 'channels', 'channel name');
  const groups = unique(fixture.user_groups, (group) => group.name, 'user_groups', 'group name');
  const folders = unique(fixture.channel_folders, (folder) => folder.name, 'channel_folders', 'folder name');
  const fields = new Map(fixture.custom_profile_fields.map((field) => [field.name, field]));
  unique(fixture.custom_profile_fields, (field) => field.name, 'custom_profile_fields', 'field name');
  unique(fixture.custom_emoji, (emoji) => emoji.name, 'custom_emoji', 'emoji name');
  ascending(fixture.users, 'users');
  ascending(fixture.channels, 'channels');
  ascending(fixture.user_groups, 'user_groups', FIRST_USER_GROUP_ID);
  ascending(fixture.channel_folders, 'channel_folders');
  ascending(fixture.custom_profile_fields, 'custom_profile_fields');
  ascending(fixture.linkifiers, 'linkifiers');
  ascending(fixture.playgrounds, 'playgrounds');
  ascending(fixture.custom_emoji, 'custom_emoji');
  ascending(fixture.messages, 'messages');
  ascending(fixture.navigation_views, 'navigation_views');

  const user = (email: string | null | undefined, path: string) => {
    if (email !== null && email !== undefined && !emails.has(email.toLowerCase()))
      report(path, `no user with email '${email}' in users`);
  };
  const channel = (name: string | null | undefined, path: string) => {
    if (name !== null && name !== undefined && !channels.has(name.toLowerCase()))
      report(path, `no channel named '${name}' in channels`);
  };
  const group = (name: string, path: string) => {
    if (!groups.has(name) && !(SYSTEM_GROUP_NAMES as readonly string[]).includes(name))
      report(path, `no user group named '${name}' (user_groups or a system group such as role:members)`);
  };
  const groupRef = (ref: FixtureGroupRef | undefined, path: string) => {
    if (ref === undefined) return;
    if (typeof ref === 'string') return group(ref, path);
    ref.direct_members.forEach((email, i) => user(email, `${path}.direct_members[${i}]`));
    ref.direct_subgroups.forEach((name, i) => group(name, `${path}.direct_subgroups[${i}]`));
  };
  const permissions = (values: Record<string, FixtureGroupRef | undefined>, path: string) => {
    for (const [setting, ref] of Object.entries(values)) groupRef(ref, `${path}.${setting}`);
  };

  permissions(fixture.organization.permissions, 'organization.permissions');
  channel(fixture.organization.new_stream_announcements_channel, 'organization.new_stream_announcements_channel');
  fixture.custom_profile_fields.forEach((field, i) => {
    if (field.type === 'select' && field.options === undefined && field.field_data === undefined)
      report(`custom_profile_fields[${i}].options`, 'a select field needs its options');
  });
  fixture.users.forEach((entry, i) => {
    user(entry.bot?.owner, `users[${i}].bot.owner`);
    if (entry.password !== undefined && entry.password_hash !== undefined)
      report(`users[${i}].password_hash`, 'give password or password_hash, not both');
    for (const [name, value] of Object.entries(entry.profile)) {
      const field = fields.get(name);
      if (!field) report(`users[${i}].profile.${name}`, `no custom profile field named '${name}'`);
      else if (Array.isArray(value) !== (field.type === 'user'))
        report(`users[${i}].profile.${name}`, field.type === 'user' ? 'expected a list of emails' : 'expected text');
      else if (Array.isArray(value)) value.forEach((email, j) => user(email, `users[${i}].profile.${name}[${j}]`));
    }
  });
  fixture.channel_folders.forEach((folder, i) => user(folder.creator, `channel_folders[${i}].creator`));
  fixture.channels.forEach((entry, i) => {
    user(entry.creator, `channels[${i}].creator`);
    if (entry.folder !== null && !folders.has(entry.folder))
      report(`channels[${i}].folder`, `no channel folder named '${entry.folder}'`);
    permissions(entry.permissions, `channels[${i}].permissions`);
    unique(
      entry.subscribers,
      (s) => (typeof s === 'string' ? s : s.user).toLowerCase(),
      `channels[${i}].subscribers`,
      'subscriber',
    );
    entry.subscribers.forEach((s, j) => user(typeof s === 'string' ? s : s.user, `channels[${i}].subscribers[${j}]`));
  });
  fixture.user_groups.forEach((entry, i) => {
    user(entry.creator, `user_groups[${i}].creator`);
    entry.members.forEach((email, j) => user(email, `user_groups[${i}].members[${j}]`));
    entry.subgroups.forEach((name, j) => group(name, `user_groups[${i}].subgroups[${j}]`));
    permissions(entry.permissions, `user_groups[${i}].permissions`);
  });
  fixture.custom_emoji.forEach((emoji, i) => user(emoji.author, `custom_emoji[${i}].author`));
  fixture.messages.forEach((message, i) => {
    const at = `messages[${i}]`;
    user(message.sender, `${at}.sender`);
    channel(message.channel, `${at}.channel`);
    message.to?.forEach((email, j) => user(email, `${at}.to[${j}]`));
    message.reactions.forEach((reaction, j) =>
      reaction.users.forEach((email, k) => user(email, `${at}.reactions[${j}].users[${k}]`)),
    );
    for (const email of Object.keys(message.flags ?? {})) user(email, `${at}.flags.${email}`);
    message.edits.forEach((edit, j) => {
      user(edit.user, `${at}.edits[${j}].user`);
      channel(edit.channel, `${at}.edits[${j}].channel`);
      channel(edit.prev_channel, `${at}.edits[${j}].prev_channel`);
    });
  });
  fixture.user_topics.forEach((entry, i) => {
    user(entry.user, `user_topics[${i}].user`);
    channel(entry.channel, `user_topics[${i}].channel`);
  });
  fixture.presence.forEach((entry, i) => user(entry.user, `presence[${i}].user`));
  fixture.navigation_views.forEach((entry, i) => user(entry.user, `navigation_views[${i}].user`));
  return problems;
}
