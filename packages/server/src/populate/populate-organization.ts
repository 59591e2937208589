import {
  CHANNEL_FOLDERS,
  CHANNELS,
  messageContent,
  PEOPLE,
  reactionEmoji,
  SeededRandom,
  STATUSES,
  TIME_ZONES,
  topicName,
  type ContentContext,
} from '@teamchat/traffic';
import { assembleServer } from '../assemble-server.js';
import {
  seededRandomBytes,
  type DemoAccount,
  type DemoRole,
  type Db,
  type OrganizationFixtureInput,
  type ServerConfig,
} from '../core/index.js';
import { Store } from '../store/store.js';
import { OrganizationDriver } from './organization-driver.js';

/** Named sizes of a generated organization, in messages. */
export const POPULATE_SIZES = { small: 2_000, medium: 100_000, large: 1_000_000 } as const;

/** A named size or a number of messages. */
export type PopulateSize = keyof typeof POPULATE_SIZES | number;

/** The end of a generated organization's history unless told otherwise: the mock's start time. */
export const POPULATE_END = Date.UTC(2026, 0, 5, 9, 0, 0);

/** Options of {@link populateOrganization}. */
export interface PopulateOptions {
  size: PopulateSize;
  /** Seed of every random choice (default 1): the same seed and end give the same organization. */
  randomSeed?: number;
  /** Time of the newest activity, in ms (default {@link POPULATE_END}); history spans the `months` before it. */
  end?: number;
  /** Months of history (default 6). */
  months?: number;
  /** Server settings of the core that generates (its `realmUrl` makes the links of uploads). */
  config?: Partial<ServerConfig>;
  /** Called now and then with the messages sent so far. */
  progress?: (sent: number, total: number) => void;
}

/**
 * A generated organization: its memory store (no core observes it any more: a server takes it
 * as it is, `store.snapshot()` gives its document), and every active human account with its
 * credentials.
 */
export interface PopulatedOrganization {
  store: Store<Db>;
  accounts: DemoAccount[];
}

/** The number of messages of a size. */
export function messagesOf(size: PopulateSize): number {
  const count = typeof size === 'number' ? size : POPULATE_SIZES[size];
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(
      `[teamchat-server] populate size must be small, medium, large or a number of messages (got ${String(size)})`,
    );
  return count;
}

const DOMAIN = 'teamchat.example';
const ROLES: readonly (readonly [DemoRole, 100 | 200 | 300 | 400 | 600])[] = [
  ['owner', 100],
  ['owner', 100],
  ['administrator', 200],
  ['administrator', 200],
  ['moderator', 300],
  ['moderator', 300],
  ...Array.from({ length: 16 }, () => ['member', 400] as const),
  ['guest', 600],
  ['guest', 600],
];
/** A 1×1 PNG: custom emoji and uploaded screenshots. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const DAY = 86_400_000;
/** The kinds of uploaded files (name, extension, type). */
const UPLOADS = [
  ['screenshot', 'png', 'image/png'],
  ['diagram', 'png', 'image/png'],
  ['notes', 'txt', 'text/plain'],
  ['report', 'csv', 'text/csv'],
] as const;
/**
 * Messages between two uploads: each file is linked from a few dozen messages, as files are,
 * not from a twentieth of the whole history (an attachment's record lists the messages that
 * link it, and each new link copies that list).
 */
const UPLOAD_EVERY = 2_000;

interface Person {
  id: number;
  role: DemoRole;
  email: string;
  password: string;
  /** Share of the history this person has read (1: caught up, 0: never reads). */
  reads: number;
}

/**
 * Generates a lived-in organization, deterministic for a seed: about two dozen people in every
 * role with profile fields, statuses and time zones; bots of each kind; user groups with
 * subgroups; public, private and web-public channels in folders; months of messages over a
 * long tail of topics, with Markdown of every kind the server renders, uploads, reactions,
 * edits with history, moved and resolved topics, stars and unread state (some people caught
 * up, some far behind); drafts, scheduled messages, custom emoji, linkifiers, topic
 * visibility and presence. Everything after the first owner goes through the API's own rules
 * (the core, in-process, on a memory store, on a clock that walks through the history);
 * nothing is written around them.
 *
 * @example
 * const { store, accounts } = await populateOrganization({ size: 'small', randomSeed: 7 });
 */
export async function populateOrganization(options: PopulateOptions): Promise<PopulatedOrganization> {
  const total = messagesOf(options.size);
  const seed = options.randomSeed ?? 1;
  const random = new SeededRandom(seed);
  const end = options.end ?? POPULATE_END;
  const span = (options.months ?? 6) * 30 * DAY;
  let clock = end - span;
  const store = new Store<Db>();
  const passwordOf = (i: number) => `${(PEOPLE[i] as readonly [string, string])[1]}-${seed}-Tr0ub4dor&3-horse`;
  const [ownerName, ownerLocal] = PEOPLE[0] as readonly [string, string];
  const base: OrganizationFixtureInput = {
    teamchat_fixture: 1,
    organization: {
      name: 'Teamchat Populated',
      string_id: 'populated',
      description: 'A generated organization: months of **busy** history.',
    },
    users: [
      {
        email: `${ownerLocal}@${DOMAIN}`,
        full_name: ownerName,
        role: 'owner',
        password: passwordOf(0),
        can_create_users: true,
      },
    ],
  };
  const { core } = await assembleServer({
    store,
    now: () => clock,
    // Keys and salts the API makes: another sequence than the seeded owner's.
    random: seededRandomBytes(seed + 1),
    config: { ...options.config, rateLimits: null, validateResponses: false },
    seed: { fixture: base, random: seededRandomBytes(seed), passwordIterations: 1000, systemBots: true },
  });
  const api = new OrganizationDriver(core, store, 'teamchat-populate');
  const tick = (ms: number) => {
    clock += Math.max(1, Math.round(ms));
  };

  // People: the owner, then every other person through POST /users, their role, time zone, status.
  const owner = [...store.all('users')].find((user) => user.email === `${ownerLocal}@${DOMAIN}`)?.id as number;
  const people: Person[] = [
    { id: owner, role: 'owner', email: `${ownerLocal}@${DOMAIN}`, password: passwordOf(0), reads: 1 },
  ];
  for (let i = 1; i < PEOPLE.length; i += 1) {
    const [name, local] = PEOPLE[i] as readonly [string, string];
    const email = `${local}@${DOMAIN}`;
    tick(random.exponential(1 / DAY));
    const { user_id } = (await api.call(owner, 'users.create', {
      email,
      password: passwordOf(i),
      full_name: name,
    })) as { user_id: number };
    const [role, value] = ROLES[i] ?? (['member', 400] as const);
    if (value !== 400) await api.call(owner, 'users.update', { user_id, role: value });
    // Some read everything, some are far behind, a few never catch up.
    const reads = random.pick([1, 1, 1, 0.9, 0.6, 0.3, 0.1, 0]);
    people.push({ id: user_id, role, email, password: passwordOf(i), reads });
  }
  for (const person of people) {
    await api.call(person.id, 'settings.update', { timezone: random.pick(TIME_ZONES) });
    if (random.chance(0.4)) {
      const [text, emoji] = random.pick(STATUSES);
      await api.call(person.id, 'users.updateStatus', { status_text: text, emoji_name: emoji });
    }
  }
  const humans = people.map((p) => p.id);
  const staff = people.filter((p) => p.role === 'owner' || p.role === 'administrator').map((p) => p.id);
  const guests = people.filter((p) => p.role === 'guest').map((p) => p.id);

  // Custom profile fields of each kind, and values.
  const fields: { id: number; kind: number }[] = [];
  for (const [name, kind, data] of [
    ['Phone number', 1, {}],
    ['Biography', 2, {}],
    [
      'Team',
      3,
      { 0: { text: 'Platform', order: '1' }, 1: { text: 'Product', order: '2' }, 2: { text: 'Support', order: '3' } },
    ],
    ['Birthday', 4, {}],
    ['Website', 5, {}],
    ['Mentor', 6, {}],
    ['GitHub', 7, { subtype: 'github' }],
    ['Pronouns', 8, {}],
  ] as const) {
    const { id } = await api.call(owner, 'profileFields.create', {
      name,
      field_type: kind,
      field_data: data,
      display_in_profile_summary: kind === 1 || kind === 8,
    });
    fields.push({ id: id as number, kind });
  }
  for (const person of people) {
    if (!random.chance(0.7)) continue;
    const values = fields
      .filter(() => random.chance(0.6))
      .map((field) => {
        const local = person.email.split('@')[0] as string;
        const value: Record<number, string | number[]> = {
          1: `+1-555-01${String(person.id).padStart(2, '0')}`,
          2: `Works on **${random.pick(['search', 'billing', 'the apps', 'infrastructure'])}**.`,
          3: String(random.int(3)),
          4: `19${70 + random.int(30)}-0${1 + random.int(9)}-1${random.int(9)}`,
          5: `https://example.com/${local}`,
          6: [random.pick(staff)],
          7: local,
          8: random.pick(['she/her', 'he/him', 'they/them']),
        };
        return { id: field.id, value: value[field.kind] as string | number[] };
      });
    if (values.length > 0) await api.call(owner, 'users.update', { user_id: person.id, profile_data: values });
  }

  // Bots of each kind (embedded bots are not enabled, as on the real server by default).
  const botOwner = people[6]?.id ?? owner;
  let deployBot: number | null = null;
  for (const [full_name, short_name, bot_type, extra] of [
    ['Deploy Bot', 'deploy', 1, {}],
    ['GitHub Notifications', 'github', 2, { service_name: 'github' }],
    ['Standup Bot', 'standup', 3, { payload_url: 'http://127.0.0.1:9/standup', interface_type: 1 }],
  ] as const) {
    tick(DAY / 3);
    const { user_id } = await api.call(botOwner, 'bots.create', { full_name, short_name, bot_type, ...extra });
    deployBot ??= user_id;
  }

  // User groups, one of them made of subgroups.
  const groupNames: string[] = [];
  const groupIds: number[] = [];
  for (const [name, description] of [
    ['frontend-team', 'The web and mobile apps.'],
    ['backend-team', 'APIs and storage.'],
    ['design-team', 'Design and research.'],
    ['support', 'Answers **customer questions**.'],
    ['engineering', 'Everyone who builds: the frontend and backend teams.'],
  ] as const) {
    const members = name === 'engineering' ? [] : humans.filter(() => random.chance(0.25)).slice(0, 8);
    const { group_id } = await api.call(owner, 'userGroups.create', { name, description, members });
    groupNames.push(name);
    groupIds.push(group_id);
  }
  await api.call(owner, 'userGroups.updateSubgroups', {
    user_group_id: groupIds[4] as number,
    add: [groupIds[0] as number, groupIds[1] as number],
  });

  // Channel folders and channels of every kind, with their subscribers (web-public ones need spectator access).
  await api.call(owner, 'realm.update', { enable_spectator_access: true });
  const folderIds = new Map<string, number>();
  for (const name of CHANNEL_FOLDERS) {
    const { channel_folder_id } = (await api.call(owner, 'channelFolders.create', {
      name,
      description: `Channels of ${name.toLowerCase()}.`,
    })) as { channel_folder_id: number };
    folderIds.set(name, channel_folder_id);
  }
  const channels: { id: number; name: string; subscribers: number[]; topics: number }[] = [];
  for (const plan of CHANNELS) {
    tick(DAY / 2);
    const everyone = plan.name === 'general' || plan.name === 'announcements' || plan.name === 'help';
    const subscribers =
      plan.name === 'leadership'
        ? staff
        : everyone
          ? humans
          : humans.filter((id) => !guests.includes(id) && (id === owner || random.chance(0.6)));
    const { id } = (await api.call(owner, 'channels.create', {
      name: plan.name,
      description: plan.description,
      subscribers,
      invite_only: plan.kind === 'private',
      is_web_public: plan.kind === 'web-public',
      is_default_stream: plan.name === 'general',
      ...(plan.folder ? { folder_id: folderIds.get(plan.folder) } : {}),
    })) as { id: number };
    channels.push({ id, name: plan.name, subscribers, topics: 3 });
  }

  // Custom emoji, linkifiers, uploads.
  const customEmoji = ['teamchat', 'shipit', 'partyparrot'];
  const members = humans.filter((id) => !guests.includes(id));
  for (const name of customEmoji)
    await api.call(random.pick(members), 'realmEmoji.upload', {
      emoji_name: name,
      file: new File([PNG], `${name}.png`, { type: 'image/png' }),
    });
  await api.call(owner, 'linkifiers.add', {
    pattern: '#(?P<id>[0-9]+)',
    url_template: 'https://github.com/teamchat/teamchat/issues/{id}',
  });
  await api.call(owner, 'linkifiers.add', {
    pattern: 'CVE-(?P<id>[0-9]{4}-[0-9]+)',
    url_template: 'https://www.cve.org/CVERecord?id=CVE-{id}',
  });
  const uploads: ContentContext['uploads'][number][] = [];
  let uploaded = 0;
  /** Someone uploads the next file; it replaces the oldest of the four that messages link. */
  const uploadNext = async () => {
    const [stem, extension, type] = UPLOADS[uploaded % UPLOADS.length] as (typeof UPLOADS)[number];
    const name = uploaded < UPLOADS.length ? `${stem}.${extension}` : `${stem}-${uploaded}.${extension}`;
    uploaded += 1;
    const bytes =
      type === 'image/png' ? PNG : new TextEncoder().encode(`${name}: generated for the populated organization\n`);
    const { url } = (await api.call(random.pick(humans), 'uploads.upload', {
      file: new File([bytes], name, { type }),
    })) as { url: string };
    if (uploads.length === UPLOADS.length) uploads.shift();
    uploads.push({ name, url, image: type === 'image/png' });
  };
  for (let n = 0; n < UPLOADS.length; n += 1) await uploadNext();

  // Months of messages.
  const content: ContentContext = {
    people: PEOPLE.map(([name]) => name),
    groups: groupNames,
    channels: channels.filter((c) => c.name !== 'leadership' && c.name !== 'security').map((c) => c.name),
    // Topic links name topics that no longer get messages (moved or resolved ones, once there
    // are some): a link's rendering names the topic's newest message, so a link to a busy topic
    // would be rendered again at each use, where one to a finished topic is rendered once.
    topics: Array.from({ length: 12 }, (_, i) => topicName(i)),
    customEmoji,
    uploads,
  };
  const step = Math.max(1, (end - 7 * DAY - clock) / Math.max(1, total));
  const readerMarks = people.map((person) => Math.floor(person.reads * total));
  const readEvery = Math.max(50, Math.floor(total / 40));
  const sentIds: number[] = [];
  const finishedTopics: string[] = [];
  for (let i = 0; i < total; i += 1) {
    tick(random.exponential(1 / step));
    const direct = random.chance(0.12);
    let sent: { id?: number } | null;
    let senderId: number;
    /** Who reacts and stars: people who received the message (others could not see it). */
    let audience: readonly number[];
    if (direct) {
      senderId = humans[random.skewed(humans.length, 1.5)] as number;
      const others = humans.filter((id) => id !== senderId);
      const to = [...new Set(random.chance(0.7) ? [random.pick(others)] : [random.pick(others), random.pick(others)])];
      audience = [senderId, ...to];
      sent = await api.attempt(senderId, 'messages.send', {
        type: 'direct',
        to,
        content: messageContent(random, content),
      });
    } else {
      const channel = channels[random.skewed(channels.length, 1.7)] as (typeof channels)[number];
      senderId = channel.subscribers[random.skewed(channel.subscribers.length, 1.5)] as number;
      audience = channel.subscribers;
      // A long tail of topics: new ones appear as the history goes on, a few stay busy.
      if (random.chance(0.01)) channel.topics += 1;
      const topic = topicName(random.skewed(channel.topics, 2.2));
      sent = await api.attempt(senderId, 'messages.send', {
        type: 'stream',
        to: channel.name,
        topic,
        content: messageContent(random, content),
      });
    }
    const id = sent?.id;
    if (id !== undefined) {
      sentIds.push(id);
      if (random.chance(0.2)) {
        for (let n = random.int(3) + 1; n > 0; n -= 1)
          await api.attempt(random.pick(audience), 'messages.addReaction', {
            message_id: id,
            emoji_name: random.chance(0.1) ? random.pick(customEmoji) : reactionEmoji(random),
          });
      }
      if (random.chance(0.03)) {
        tick(30_000);
        await api.attempt(senderId, 'messages.update', {
          message_id: id,
          content: `${messageContent(random, content)}\n\n(edited)`,
        });
      }
      if (random.chance(0.02))
        await api.attempt(random.pick(audience), 'messages.updateFlags', {
          messages: [id],
          op: 'add',
          flag: 'starred',
        });
    }
    // Now and then a topic is moved or resolved by an administrator.
    if (i % 997 === 996 && sentIds.length > 0) {
      const channel = random.pick(channels.filter((c) => c.name !== 'leadership' && c.name !== 'security'));
      const topic = topicName(random.skewed(channel.topics, 2.2));
      const resolve = random.chance(0.5);
      const messages = (await api.attempt(owner, 'messages.list', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [
          { operator: 'channel', operand: channel.id },
          { operator: 'topic', operand: topic },
        ],
      })) as { messages?: { id: number }[] } | null;
      const target = messages?.messages?.[0]?.id;
      if (target !== undefined) {
        const finished = resolve ? `✔ ${topic}` : `${topic} (moved)`;
        const moved = await api.attempt(owner, 'messages.update', {
          message_id: target,
          topic: finished,
          propagate_mode: 'change_all',
          send_notification_to_old_thread: false,
          send_notification_to_new_thread: !resolve,
        });
        if (moved !== null && !finishedTopics.includes(finished)) {
          finishedTopics.push(finished);
          content.topics = finishedTopics;
        }
      }
    }
    if (i % UPLOAD_EVERY === UPLOAD_EVERY - 1) await uploadNext();
    // People read as they go: each up to their share of the history.
    if (i % readEvery === readEvery - 1) {
      for (const [p, person] of people.entries())
        if (i < (readerMarks[p] as number)) await api.call(person.id, 'messages.markAllAsRead', {});
    }
    if (i % 10_000 === 9_999) options.progress?.(i + 1, total);
  }
  options.progress?.(total, total);

  // The last days: topic visibility, drafts, scheduled messages, presence; an archived channel.
  clock = Math.max(clock, end - 2 * DAY);
  for (const person of people) {
    const channel = random.pick(channels.filter((c) => c.subscribers.includes(person.id)));
    if (random.chance(0.3))
      await api.attempt(person.id, 'userTopics.update', {
        stream_id: channel.id,
        topic: topicName(random.int(channel.topics)),
        visibility_policy: random.pick([1, 3]),
      });
    if (random.chance(0.4)) {
      await api.call(person.id, 'drafts.create', {
        drafts: [
          {
            type: 'stream',
            to: [channel.id],
            topic: topicName(0),
            content: `Draft: ${messageContent(random, content)}`,
            timestamp: Math.floor(clock / 1000),
          },
        ],
      });
    }
    if (random.chance(0.2)) {
      await api.attempt(person.id, 'scheduledMessages.create', {
        type: 'stream',
        to: channel.id,
        topic: topicName(1),
        content: `Reminder: ${messageContent(random, content)}`,
        scheduled_delivery_timestamp: Math.floor(end / 1000) + 7 * 86_400,
      });
    }
  }
  await api.call(owner, 'channels.archive', { stream_id: channels.find((c) => c.name === 'sandbox')?.id as number });
  // Presence: some active now, some idle, some seen days ago.
  for (const person of people) {
    const away = random.pick([0, 0, 0, 5 * 60_000, 2 * 3_600_000, 3 * DAY, null]);
    if (away === null) continue;
    clock = end - away;
    await api.call(person.id, 'presence.update', { status: away > 0 && away < 3_600_000 ? 'idle' : 'active' });
  }
  clock = end;
  await core.services.jobs.idle();

  const accounts: DemoAccount[] = [
    ...people,
    { id: deployBot as number, role: 'bot' as const, password: null },
  ].flatMap((person) => {
    const user = store.get('users', person.id);
    return user?.is_active
      ? [
          {
            role: person.role,
            userId: person.id,
            email: user.email,
            fullName: user.full_name,
            apiKey: user.api_key,
            password: person.password,
          },
        ]
      : [];
  });
  // The generating core's indexes let go of the store: the server's core builds its own.
  store.releaseObservers();
  return { store, accounts };
}
