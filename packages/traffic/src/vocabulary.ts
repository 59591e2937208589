import type { SeededRandom } from './random.js';

/** People of a generated organization: full name and the local part of their email. */
export const PEOPLE: readonly (readonly [string, string])[] = [
  ['Ada Lindqvist', 'ada'],
  ['Bruno Okafor', 'bruno'],
  ['Chiara Russo', 'chiara'],
  ['Dmitri Volkov', 'dmitri'],
  ['Elif Demir', 'elif'],
  ['Farah Haddad', 'farah'],
  ['Gustavo Pereira', 'gustavo'],
  ['Hana Sato', 'hana'],
  ['Ivan Horvat', 'ivan'],
  ['Jamal Wright', 'jamal'],
  ['Kofi Mensah', 'kofi'],
  ['Lena Fischer', 'lena'],
  ['Mateo García', 'mateo'],
  ['Nadia Rahman', 'nadia'],
  ['Oskar Nilsson', 'oskar'],
  ['Priya Nair', 'priya'],
  ['Quentin Moreau', 'quentin'],
  ['Rosa Jiménez', 'rosa'],
  ['Sven Berg', 'sven'],
  ['Tomás Novák', 'tomas'],
  ['Uma Patel', 'uma'],
  ['Viktor Kowalski', 'viktor'],
  ['Wen Li', 'wen'],
  ['Yara Costa', 'yara'],
];

/** Time zones people of the organization live in. */
export const TIME_ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'America/Sao_Paulo',
  'Asia/Tokyo',
  'Africa/Lagos',
  'Europe/London',
  'Australia/Sydney',
  'America/Los_Angeles',
  'UTC',
] as const;

/** Status texts and the emoji beside them. */
export const STATUSES: readonly (readonly [string, string])[] = [
  ['In a meeting', 'calendar'],
  ['Commuting', 'bus'],
  ['Out sick', 'mask'],
  ['On vacation', 'palm_tree'],
  ['Working remotely', 'house'],
  ['Focusing', 'headphones'],
  ['Lunch', 'pizza'],
];

/** Channels of a generated organization, with their kind and folder. */
export interface ChannelPlan {
  name: string;
  description: string;
  kind: 'public' | 'private' | 'web-public';
  folder: string | null;
}

export const CHANNEL_FOLDERS = ['Engineering', 'Company', 'Community'] as const;

export const CHANNELS: readonly ChannelPlan[] = [
  { name: 'general', description: 'Everyone is here.', kind: 'public', folder: 'Company' },
  { name: 'announcements', description: 'News from the **leadership** team.', kind: 'public', folder: 'Company' },
  { name: 'engineering', description: 'Builds, deploys and code review.', kind: 'public', folder: 'Engineering' },
  { name: 'frontend', description: 'The web and mobile apps.', kind: 'public', folder: 'Engineering' },
  { name: 'backend', description: 'APIs, storage and queues.', kind: 'public', folder: 'Engineering' },
  { name: 'design', description: 'Mockups, reviews and the style guide.', kind: 'public', folder: 'Engineering' },
  { name: 'random', description: 'Anything goes :tada:', kind: 'public', folder: null },
  { name: 'leadership', description: 'Owners and administrators.', kind: 'private', folder: 'Company' },
  { name: 'security', description: 'Incidents and audits.', kind: 'private', folder: 'Engineering' },
  {
    name: 'help',
    description: 'Questions from our users, readable by anyone.',
    kind: 'web-public',
    folder: 'Community',
  },
  { name: 'releases', description: 'Release notes, public.', kind: 'web-public', folder: 'Community' },
  { name: 'sandbox', description: 'Try things here.', kind: 'public', folder: null },
];

const TOPIC_SUBJECTS = [
  'deploy',
  'release',
  'login page',
  'search',
  'database',
  'onboarding',
  'roadmap',
  'billing',
  'API',
  'dark mode',
  'notifications',
  'CI',
  'outage',
  'hiring',
  'offsite',
  'metrics',
  'docs',
  'accessibility',
  'performance',
  'mobile app',
  'caching',
  'migrations',
  'emoji picker',
  'settings page',
];
const TOPIC_KINDS = [
  'plan',
  'bug',
  'review',
  'ideas',
  'questions',
  'status',
  'retro',
  'follow-up',
  'design',
  'cleanup',
];

/** The `i`-th topic name of a channel's pool (a few hundred distinct names). */
export function topicName(i: number): string {
  const subject = TOPIC_SUBJECTS[i % TOPIC_SUBJECTS.length] as string;
  const kind = TOPIC_KINDS[Math.floor(i / TOPIC_SUBJECTS.length) % TOPIC_KINDS.length] as string;
  const round = Math.floor(i / (TOPIC_SUBJECTS.length * TOPIC_KINDS.length));
  return round === 0 ? `${subject} ${kind}` : `${subject} ${kind} ${round + 1}`;
}

/** What a message may refer to: the organization's people, groups, channels, custom emoji, uploads. */
export interface ContentContext {
  people: readonly string[];
  groups: readonly string[];
  channels: readonly string[];
  topics: readonly string[];
  customEmoji: readonly string[];
  /** Relative URLs of uploaded files: `[name](url)`. */
  uploads: readonly { name: string; url: string; image: boolean }[];
}

const SENTENCES = [
  'I pushed a fix for this, please take a look.',
  'Can we move the meeting to Thursday?',
  'The numbers look better than last week.',
  'I am not sure this is the right approach.',
  'Good catch, thanks!',
  'Let us ship it and watch the dashboards.',
  'Does anyone remember why we did it this way?',
  'I wrote up the options in the doc.',
  'This broke on Safari again.',
  'Agreed, let us keep it simple.',
  'Running the migration now.',
  'It works on my machine.',
];
const EMOJI = ['smile', 'tada', 'thumbs_up', 'rocket', 'eyes', 'fire', 'heart', 'thinking', 'octopus', 'coffee'];
const LANGUAGES = [
  ['python', 'def total(items):\n    return sum(item.price for item in items)'],
  ['typescript', 'const total = items.reduce((sum, item) => sum + item.price, 0);'],
  ['sql', 'SELECT id, email FROM users WHERE is_active ORDER BY id;'],
  ['bash', 'npm ci && npm test'],
  ['rust', 'fn main() {\n    println!("hello");\n}'],
] as const;

/** Markdown of one message: every kind a client must render, from a bounded pool. */
export function messageContent(random: SeededRandom, ctx: ContentContext): string {
  const sentence = () => random.pick(SENTENCES);
  const person = () => random.pick(ctx.people);
  switch (random.int(20)) {
    case 0: {
      const [language, code] = random.pick(LANGUAGES);
      return `${sentence()}\n\`\`\`${language}\n${code}\n\`\`\``;
    }
    case 1:
      return `> ${sentence()}\n\n${sentence()}`;
    case 2:
      return `\`\`\`spoiler ${random.pick(['Ending', 'Answer', 'Details'])}\n${sentence()}\n\`\`\``;
    case 3:
      return `The estimate is $$\\sum_{i=1}^{${random.int(9) + 1}} x_i$$ give or take.`;
    case 4:
      return `| Service | Status |\n| --- | --- |\n| api | ${random.pick(['up', 'degraded'])} |\n| web | ${random.pick(['up', 'down'])} |`;
    case 5:
      return `@**${person()}** ${sentence()}`;
    case 6:
      return ctx.groups.length > 0 ? `@*${random.pick(ctx.groups)}* ${sentence()}` : sentence();
    case 7:
      return `@**${random.pick(['all', 'channel', 'topic'])}** ${sentence()}`;
    case 8:
      return `See #**${random.pick(ctx.channels)}** for more.`;
    case 9:
      return `Continuing in #**${random.pick(ctx.channels)}>${random.pick(ctx.topics)}**.`;
    case 10:
      return `${sentence()} :${random.pick(EMOJI)}:${ctx.customEmoji.length > 0 ? ` :${random.pick(ctx.customEmoji)}:` : ''}`;
    case 11:
      return `${sentence()} https://example.com/docs/${random.pick(['setup', 'faq', 'api', 'changelog'])}`;
    case 12: {
      const upload = ctx.uploads.length > 0 ? random.pick(ctx.uploads) : null;
      return upload ? `${upload.image ? 'Screenshot' : 'Attached'}: [${upload.name}](${upload.url})` : sentence();
    }
    case 13:
      return `/me ${random.pick(['is on it', 'waves', 'is reviewing', 'will be late'])}`;
    case 14:
      return `Fixed in #${random.int(400) + 1}, **${random.pick(['finally', 'again', 'for now'])}**.`;
    case 15:
      return `1. ${sentence()}\n2. ${sentence()}\n3. _${random.pick(['maybe', 'later', 'done'])}_`;
    case 16:
      return `<time:2026-0${random.int(9) + 1}-1${random.int(9)}T1${random.int(9)}:00:00Z> works for me.`;
    default:
      return random.chance(0.5) ? sentence() : `${sentence()} ${sentence()}`;
  }
}

/** A reaction emoji (Unicode). */
export function reactionEmoji(random: SeededRandom): string {
  return random.pick(EMOJI);
}
