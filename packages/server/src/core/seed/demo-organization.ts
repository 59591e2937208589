import type { OrganizationFixtureInput } from './fixture-schema.js';
import { parseFixture } from './parse-fixture.js';
import { seedOrganization, type DemoAccount, type SeedOptions, type SeedServices } from './seed-organization.js';

export type { DemoAccount, DemoRole } from './seed-organization.js';

/** Options of {@link seedDemoOrganization}: those of any fixture, and the accounts' email domain. */
export interface DemoOptions extends SeedOptions {
  /** Email domain of the demo accounts (default `teamchat.example`). */
  domain?: string;
}

const PEOPLE = [
  { role: 'owner', local: 'olivia', name: 'Olivia Owner' },
  { role: 'administrator', local: 'adam', name: 'Adam Admin' },
  { role: 'moderator', local: 'maya', name: 'Maya Moderator' },
  { role: 'member', local: 'mike', name: 'Mike Member' },
  { role: 'guest', local: 'gina', name: 'Gina Guest' },
] as const;
const BOT_LOCAL = 'demo-bot';

type FixtureUserInput = NonNullable<OrganizationFixtureInput['users']>[number];

/** Custom profile values (and the owner's special permissions) of the demo people, given the owner's email. */
const PROFILES: Partial<Record<string, (owner: string) => Partial<FixtureUserInput>>> = {
  olivia: () => ({
    can_change_user_emails: true,
    can_create_users: true,
    profile: {
      'Phone number': '+1-555-0100',
      Biography: 'Founded **Teamchat Demo**; ask me about the roadmap.',
      'Favorite editor': 'Emacs',
      Birthday: '1985-04-12',
      Website: 'https://example.com/olivia',
      'GitHub username': 'olivia-owner',
      Pronouns: 'she/her',
    },
  }),
  adam: () => ({ profile: { 'Phone number': '+1-555-0101', 'Favorite editor': 'Vim', Pronouns: 'he/him' } }),
  mike: (owner) => ({
    profile: {
      Biography: 'Writes the `store` code and reviews deploys.',
      'Favorite editor': 'VS Code',
      Mentor: [owner],
      'GitHub username': 'mike-member',
    },
  }),
  gina: () => ({ profile: { Pronouns: 'they/them' } }),
};

/**
 * The demo organization as a fixture: an owner, an administrator, a moderator, a member and a
 * guest (random passwords), a generic bot owned by the owner, channels `general` (everyone)
 * and `engineering`, a few messages, user groups `leads` and `support` (joinable by members),
 * a custom profile field of each type with values, the owner's special permissions, presence,
 * a custom emoji `:teamchat:` and a linkifier (`#123` links to issue 123).
 *
 * @example
 * const mock = await createMock({ fixture: { ...demoFixture(), channels: [] } });
 */
export function demoFixture(domain = 'teamchat.example'): OrganizationFixtureInput {
  const email = (local: string) => `${local}@${domain}`;
  const [owner, admin, moderator, member, guest] = PEOPLE.map((p) => email(p.local)) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const bot = email(BOT_LOCAL);
  return {
    teamchat_fixture: 1,
    organization: {
      name: 'Teamchat Demo',
      string_id: 'demo',
      description: 'A demo organization of the **teamchat** reference server.',
      new_stream_announcements_channel: 'general',
    },
    users: [
      ...PEOPLE.map((p) => ({
        email: email(p.local),
        full_name: p.name,
        role: p.role,
        password: { random: true as const },
        ...PROFILES[p.local]?.(owner),
      })),
      { email: bot, full_name: 'Demo Bot', role: 'member', bot: { type: 'generic', owner } },
    ],
    custom_profile_fields: [
      {
        name: 'Phone number',
        hint: 'Including the country code',
        type: 'short_text',
        display_in_profile_summary: true,
      },
      { name: 'Biography', hint: 'What are you known for?', type: 'long_text' },
      { name: 'Favorite editor', hint: 'Pick your favorite', type: 'select', options: ['Vim', 'Emacs', 'VS Code'] },
      { name: 'Birthday', type: 'date' },
      { name: 'Website', hint: 'Your personal or team page', type: 'url' },
      { name: 'Mentor', hint: 'Who helps you find your way around', type: 'user', editable_by_user: false },
      { name: 'GitHub username', type: 'external_account', field_data: JSON.stringify({ subtype: 'github' }) },
      {
        name: 'Pronouns',
        hint: 'What pronouns should people use to refer to you?',
        type: 'pronouns',
        display_in_profile_summary: true,
      },
    ],
    channels: [
      {
        name: 'general',
        description: 'Everyone is here.',
        creator: owner,
        is_default: true,
        subscribers: [owner, admin, moderator, member, guest, bot],
      },
      {
        name: 'engineering',
        description: 'Builds, deploys and **code review**.',
        creator: owner,
        subscribers: [owner, admin, member, bot],
      },
    ],
    user_groups: [
      {
        name: 'leads',
        description: 'Team leads: they handle escalations.',
        members: [owner, moderator],
        creator: owner,
      },
      {
        name: 'support',
        description: 'Answers **customer questions**; includes the team leads.',
        members: [admin, member],
        subgroups: ['leads'],
        creator: owner,
        permissions: { can_join_group: 'role:members' },
      },
    ],
    custom_emoji: [{ name: 'teamchat', author: owner }],
    linkifiers: [{ pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/teamchat/teamchat/issues/{id}' }],
    messages: [
      {
        sender: owner,
        channel: 'general',
        topic: 'welcome',
        content: 'Welcome to **Teamchat Demo**! Say hello in this topic.',
        time: '-60m',
      },
      { sender: member, channel: 'general', topic: 'welcome', content: 'Hello everyone :wave:', time: '-55m' },
      { sender: guest, channel: 'general', topic: 'welcome', content: 'Thanks for having me.', time: '-50m' },
      {
        sender: admin,
        channel: 'engineering',
        topic: 'deploys',
        content: 'The 10:00 deploy is out. Release notes: https://example.com/releases/42',
        time: '-40m',
      },
      { sender: member, channel: 'engineering', topic: 'deploys', content: 'Looks good from here.', time: '-35m' },
      {
        sender: owner,
        channel: 'engineering',
        topic: 'code review',
        content: 'Please review the `store` changes before Friday.',
        time: '-20m',
      },
    ],
    // The owner is online, the administrator idle, the moderator was last seen weeks ago
    // (outside the default 14-day window); the others have not reported yet.
    presence: [
      { user: owner, last_active: '-30s', last_connected: '-30s' },
      { user: admin, last_active: '-15m', last_connected: '-90s' },
      { user: moderator, last_active: '-20d', last_connected: '-20d' },
    ],
  } satisfies OrganizationFixtureInput;
}

/**
 * The demo accounts of a store seeded earlier (their passwords are not recoverable), for
 * rewriting missing zuliprc files.
 */
export function findDemoAccounts(store: SeedServices['store'], domain = 'teamchat.example'): DemoAccount[] {
  const accounts: DemoAccount[] = [];
  const byEmail = new Map([...store.all('users')].map((user) => [user.email, user]));
  const demo = [
    ...PEOPLE.map((p) => ({ role: p.role, email: `${p.local}@${domain}` })),
    { role: 'bot' as const, email: `${BOT_LOCAL}@${domain}` },
  ];
  for (const { role, email } of demo) {
    const user = byEmail.get(email);
    if (user?.is_active)
      accounts.push({
        role,
        userId: user.id,
        email: user.email,
        fullName: user.full_name,
        apiKey: user.api_key,
        password: null,
      });
  }
  return accounts;
}

/** Fills an empty store with the demo organization ({@link demoFixture}) and returns the accounts with their credentials. */
export async function seedDemoOrganization(services: SeedServices, options: DemoOptions = {}): Promise<DemoAccount[]> {
  const { domain, ...seedOptions } = options;
  return seedOrganization(services, parseFixture(demoFixture(domain)), { systemBots: true, ...seedOptions });
}
