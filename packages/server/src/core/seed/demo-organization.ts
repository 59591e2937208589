import { hashPassword } from '../auth/passwords.js';
import { randomAlphanumeric } from '../internal/random.js';
import { activeSubscriberIds } from '../model/channel-access.js';
import { insertChannel } from '../channels/insert-channel.js';
import { insertSubscription } from '../channels/insert-subscription.js';
import type { Context, Services } from '../model/context.js';
import type { ChannelRecord, RealmRecord, UserRecord } from '../model/db.js';
import { systemGroupId } from '../model/group-setting-value.js';
import { insertMessage, senderFlags } from '../messages/insert-message.js';
import { renderMessage } from '../markdown/render-message.js';
import { createRealm } from '../realm/create-realm.js';
import { createUser } from '../model/create-user.js';
import { seedCustomProfileFields } from '../users/seed-profile-fields.js';
import { insertUserGroup } from '../user-groups/insert-user-group.js';
import { seedPresence } from '../presence/seed-presence.js';
import { notificationBot } from '../messages/notification-bot.js';

/** The kinds of demo account. */
export type DemoRole = 'owner' | 'administrator' | 'moderator' | 'member' | 'guest' | 'bot';

/** A demo account and its credentials. */
export interface DemoAccount {
  role: DemoRole;
  userId: number;
  email: string;
  fullName: string;
  apiKey: string;
  /** Password for POST /fetch_api_key (null for the bot). */
  password: string | null;
}

/** What seeding uses of the server: the store and its indexes, the clock, randomness. */
export type SeedServices = Pick<Services, 'store' | 'indexes' | 'config' | 'now' | 'random'>;

/** Options of {@link seedDemoOrganization}. */
export interface DemoOptions {
  /** Fixed passwords (the mock documents its own); random ones otherwise. */
  passwords?: Partial<Record<DemoRole, string>>;
  /** PBKDF2 iterations of the demo passwords (the mock uses few, to start fast). */
  passwordIterations?: number;
  /** Email domain of the demo accounts. */
  domain?: string;
}

const PEOPLE: { role: DemoRole; local: string; name: string; level: UserRecord['role'] }[] = [
  { role: 'owner', local: 'olivia', name: 'Olivia Owner', level: 100 },
  { role: 'administrator', local: 'adam', name: 'Adam Admin', level: 200 },
  { role: 'moderator', local: 'maya', name: 'Maya Moderator', level: 300 },
  { role: 'member', local: 'mike', name: 'Mike Member', level: 400 },
  { role: 'guest', local: 'gina', name: 'Gina Guest', level: 600 },
];

/**
 * The demo accounts of a store seeded earlier (their passwords are not recoverable), for
 * rewriting missing zuliprc files.
 */
export function findDemoAccounts(store: SeedServices['store'], domain = 'teamchat.example'): DemoAccount[] {
  const accounts: DemoAccount[] = [];
  const byEmail = new Map([...store.all('users')].map((user) => [user.email, user]));
  const demo = [...PEOPLE.map((p) => ({ role: p.role, email: `${p.local}@${domain}` })), { role: 'bot' as const, email: `demo-bot@${domain}` }];
  for (const { role, email } of demo) {
    const user = byEmail.get(email);
    if (user?.is_active) accounts.push({ role, userId: user.id, email: user.email, fullName: user.full_name, apiKey: user.api_key, password: null });
  }
  return accounts;
}

/**
 * Fills an empty store with a demo organization: an owner, an administrator, a moderator, a
 * member, a guest and a generic bot (owned by the owner), channels `general` (everyone) and
 * `engineering`, a few messages, and the user groups `leads` (owner, moderator) and `support`
 * (administrator, member, subgroup `leads`; joinable by members). Returns the accounts with
 * their credentials.
 */
export async function seedDemoOrganization(services: SeedServices, options: DemoOptions = {}): Promise<DemoAccount[]> {
  const { store, now, random } = services;
  const domain = options.domain ?? 'teamchat.example';
  const passwords = new Map<DemoRole, string>();
  const hashes = new Map<DemoRole, string>();
  for (const person of PEOPLE) {
    const password = options.passwords?.[person.role] ?? randomAlphanumeric(16, random);
    passwords.set(person.role, password);
    hashes.set(person.role, await hashPassword(password, random, options.passwordIterations));
  }
  return store.write((db) => {
    const ctx: Pick<Context, 'db' | 'indexes' | 'now' | 'random'> = { db, indexes: services.indexes, now, random };
    const start = now();
    createRealm(db, { name: 'Teamchat Demo', stringId: 'demo', description: 'A demo organization of the **teamchat** reference server.', now: start });
    const accounts: DemoAccount[] = [];
    const users = new Map<DemoRole, UserRecord>();
    for (const person of PEOPLE) {
      const user = createUser(ctx, { email: `${person.local}@${domain}`, fullName: person.name, role: person.level, passwordHash: hashes.get(person.role) ?? null });
      users.set(person.role, user);
      accounts.push({ role: person.role, userId: user.id, email: user.email, fullName: user.full_name, apiKey: user.api_key, password: passwords.get(person.role) ?? null });
    }
    const owner = users.get('owner') as UserRecord;
    const bot = createUser(ctx, { email: `demo-bot@${domain}`, fullName: 'Demo Bot', role: 400, passwordHash: null, bot: { type: 1, ownerId: owner.id } });
    users.set('bot', bot);
    accounts.push({ role: 'bot', userId: bot.id, email: bot.email, fullName: bot.full_name, apiKey: bot.api_key, password: null });

    // Channels are created when the organization is.
    const atStart = { ...ctx, now: () => start };
    const general = insertChannel(atStart, { name: 'general', description: 'Everyone is here.', creatorId: owner.id, isDefault: true });
    db.patch('realm', 1, { new_stream_announcements_stream_id: general.id });
    const engineering = insertChannel(atStart, { name: 'engineering', description: 'Builds, deploys and **code review**.', creatorId: owner.id });
    const subscribe = (channel: ChannelRecord, members: DemoRole[]) => {
      for (const role of members) insertSubscription(ctx, { userId: (users.get(role) as UserRecord).id, channelId: channel.id });
    };
    subscribe(general, ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot']);
    subscribe(engineering, ['owner', 'administrator', 'member', 'bot']);

    const post = (channel: ChannelRecord, topic: string, senderRole: DemoRole, content: string, minutesAgo: number) => {
      const sender = users.get(senderRole) as UserRecord;
      const flags = new Map<number, number>();
      for (const userId of activeSubscriberIds(ctx, channel.id)) flags.set(userId, userId === sender.id ? senderFlags(true) : 0);
      const rendered = renderMessage({ ...services, db, realm: db.get('realm', 1) as RealmRecord }, content, { sender });
      insertMessage(
        { db, now },
        { sender, content, client: 'website', flags, timestamp: Math.floor(start / 1000) - minutesAgo * 60, rendered: rendered.html, isMeMessage: rendered.isMeMessage, has: rendered },
        { kind: 'stream', channel: db.get('channels', channel.id) as ChannelRecord, topic },
      );
    };
    post(general, 'welcome', 'owner', 'Welcome to **Teamchat Demo**! Say hello in this topic.', 60);
    post(general, 'welcome', 'member', 'Hello everyone :wave:', 55);
    post(general, 'welcome', 'guest', 'Thanks for having me.', 50);
    post(engineering, 'deploys', 'administrator', 'The 10:00 deploy is out. Release notes: https://example.com/releases/42', 40);
    post(engineering, 'deploys', 'member', 'Looks good from here.', 35);
    post(engineering, 'code review', 'owner', 'Please review the `store` changes before Friday.', 20);
    // Presence: the owner is online, the administrator idle, the moderator was last seen weeks ago
    // (outside the default 14-day window); the others have not reported yet.
    seedPresence(db, start, [
      { user: owner, activeSecondsAgo: 30, connectedSecondsAgo: 30 },
      { user: users.get('administrator') as UserRecord, activeSecondsAgo: 15 * 60, connectedSecondsAgo: 90 },
      { user: users.get('moderator') as UserRecord, activeSecondsAgo: 20 * 86_400, connectedSecondsAgo: 20 * 86_400 },
    ]);

    // User groups (after everything else, so the IDs above stay stable): `leads` and
    // `support`, which has `leads` as a subgroup and which any member may join.
    const userId = (role: DemoRole) => (users.get(role) as UserRecord).id;
    const leads = insertUserGroup(ctx, {
      name: 'leads', description: 'Team leads: they handle escalations.',
      members: [userId('owner'), userId('moderator')], creatorId: owner.id,
    });
    insertUserGroup(ctx, {
      name: 'support', description: 'Answers **customer questions**; includes the team leads.',
      members: [userId('administrator'), userId('member')], subgroupIds: [leads.id], creatorId: owner.id,
      settings: { can_join_group: systemGroupId({ db }, 'role:members') },
    });
    // Custom profile fields with values, and the owner's special permissions.
    seedCustomProfileFields(db, {
      owner,
      administrator: users.get('administrator') as UserRecord,
      member: users.get('member') as UserRecord,
      guest: users.get('guest') as UserRecord,
    });
    // A custom emoji, `:teamchat:`, for messages and `realm_emoji` reactions.
    const emojiId = db.nextId('realm_emoji');
    db.put('realm_emoji', { id: emojiId, name: 'teamchat', source_url: `/user_avatars/1/emoji/images/${emojiId}.png`, author_id: owner.id, deactivated: false });
    // A linkifier: `#123` links to issue 123 of the project's tracker.
    db.put('linkifiers', { id: db.nextId('linkifiers'), pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/teamchat/teamchat/issues/{id}', order: 0 });
    // The server's own bot exists from the start, as on the real server (`cross_realm_bots`).
    notificationBot({ ...ctx, config: services.config });
    return accounts;
  });
}
