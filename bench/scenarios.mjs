// What `npm run bench` measures. Each scenario is one request, sent over and over to the
// reference server and to the baseline (a bare node:http server answering the bytes the
// reference server gave for the same request). Add an endpoint here and nowhere else.
//
//   name    label in the table and in results/latest.json
//   method  HTTP method
//   path    full path with query string, e.g. '/api/v1/messages?anchor=newest&num_before=100'
//   auth    demo account the request is sent as ('owner', 'member', 'guest', 'bot', ...,
//           from the zuliprc-<role> files), or null for none
//   body    optional form parameters: a string, an object (encoded as the wire codec does:
//           strings as they are, anything else as JSON), or a function (i) => string | object
//           called for the i-th request sent to a target, for requests that must differ
//   setup   optional async (api) => void, run once against the reference server before
//           the scenario is measured, to create the data it needs (see api.mjs: api.call)
//   target  { rps, p99Ms? }: the least rps ratio (server / baseline) and the largest
//           server p99 in milliseconds the row must show; printed beside the figures
//           (issue 28 raised them: the reads 0.50×, the narrow 0.30×, POST /messages 0.25×
//           with p99 ≤ 20 ms, flags 0.08× with p99 ≤ 50 ms)
//
// Scenarios run in this order on one server, so data created by a setup stays for the
// scenarios after it: put a scenario that should see an empty organization first.

/**
 * Booleans of PATCH /settings that only change a preference (no notification, presence
 * or e-mail side effect). The write scenario gives request i the setting i mod 16 and
 * flips it each time round, so as long as fewer than 16 requests are in flight
 * (connections × pipelining < 16) nearly every request changes a value and goes through
 * the journal; a request that repeats the current value would write nothing.
 */
const TOGGLES = [
  'twenty_four_hour_time',
  'starred_message_counts',
  'fluid_layout_width',
  'high_contrast_mode',
  'translate_emoticons',
  'display_emoji_reaction_users',
  'left_side_userlist',
  'enter_sends',
  'enable_drafts_synchronization',
  'web_escape_navigates_to_home_view',
  'hide_ai_features',
  'web_suggest_update_timezone',
  'receives_typing_notifications',
  'web_navigate_to_sent_message',
  'send_read_receipts',
  'enable_sounds',
];

/** Messages per topic of the seeded channel (seed-store.mjs): the flags scenario marks one topic read. */
export const PER_TOPIC = 1000;
/** The Markdown of the i-th seeded message. */
export const seededContent = (i) => `Message **${i}** of the benchmark, with a link: https://example.com/${i}`;

/** The administrator's password in the seeded store (seed-store.mjs): the journal scenarios log in with it. */
export const ADMIN_PASSWORD = 'bench-administrator-password';

/**
 * Logs the administrator in to the web app and makes one page request: the server's journal
 * records every request for the next two minutes (an administrator's web session is live),
 * longer than one scenario takes.
 */
async function watchTheJournal(api) {
  const csrf = 'benchcsrftoken0benchcsrftoken000';
  const login = await fetch(`${api.origin}/accounts/login/`, {
    method: 'POST',
    headers: { cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: api.accounts.administrator.email, password: ADMIN_PASSWORD }),
  });
  const session = login.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('sessionid='))
    ?.split(';')[0];
  if (!login.ok || !session)
    throw new Error(`setup: the administrator's login answered ${login.status}: ${(await login.text()).slice(0, 300)}`);
  const page = await fetch(`${api.origin}/json/inspector/journal?limit=1`, { headers: { cookie: session } });
  if (!page.ok) throw new Error(`setup: GET /json/inspector/journal answered ${page.status}`);
}

const CHANNEL_NARROW = JSON.stringify([{ operator: 'channel', operand: 'general' }]);
const TOPIC_NARROW = JSON.stringify([
  { operator: 'channel', operand: 'general' },
  { operator: 'topic', operand: 'topic 7' },
]);

/**
 * The scenarios of a run whose store holds `messages` seeded channel messages (options.mjs
 * `--messages`; seed-store.mjs: 1,000 per topic in #general, sent by the member). Each has
 * its target: the least `rps` ratio and, where the issue sets one, the largest server p99
 * (`p99Ms`).
 */
export function scenarios({ messages }) {
  return [
    {
      name: 'GET /users',
      method: 'GET',
      path: '/api/v1/users',
      auth: 'owner',
      target: { rps: 0.5 },
    },
    {
      name: 'GET /server_settings',
      method: 'GET',
      path: '/api/v1/server_settings',
      auth: null,
      target: { rps: 0.5 },
    },
    {
      name: 'PATCH /settings (write)',
      method: 'PATCH',
      path: '/api/v1/settings',
      auth: 'owner',
      setup: (api) => api.call('PATCH', '/api/v1/settings', Object.fromEntries(TOGGLES.map((name) => [name, false]))),
      body: (i) => ({ [TOGGLES[i % TOGGLES.length]]: Math.floor(i / TOGGLES.length) % 2 === 0 }),
      target: { rps: 0.3 },
    },
    {
      name: 'GET /messages (channel narrow, 100 newest)',
      method: 'GET',
      path: `/api/v1/messages?anchor=newest&num_before=100&num_after=0&narrow=${encodeURIComponent(CHANNEL_NARROW)}`,
      auth: 'owner',
      target: { rps: 0.3 },
    },
    {
      name: 'GET /messages/{id}',
      method: 'GET',
      path: `/api/v1/messages/${Math.max(1, Math.floor(messages / 2))}`,
      auth: 'owner',
      target: { rps: 0.5 },
    },
    {
      name: `POST /messages/flags/narrow (a ${PER_TOPIC}-message topic, read/unread)`,
      method: 'POST',
      path: '/api/v1/messages/flags/narrow',
      auth: 'owner',
      // Alternating add/remove keeps every request a real write of the whole topic.
      body: (i) => ({
        anchor: 'oldest',
        num_before: 0,
        num_after: PER_TOPIC,
        narrow: TOPIC_NARROW,
        op: i % 2 === 0 ? 'add' : 'remove',
        flag: 'read',
      }),
      target: { rps: 0.08, p99Ms: 50 },
    },
    {
      // Last: every request stores a message, so the store grows while it runs.
      name: 'POST /messages (channel, Markdown and a link)',
      method: 'POST',
      path: '/api/v1/messages',
      auth: 'member',
      body: (i) => ({
        type: 'stream',
        to: 'general',
        topic: 'bench posts',
        content: `Posting **message ${i}** with *Markdown*, \`code\` and a link: https://example.com/posts/${i}`,
      }),
      target: { rps: 0.25, p99Ms: 20 },
    },
    // The inspector's journal: the same request while nobody watches (recording off: one check
    // per request), then while an administrator's web session is live (every request, its
    // redacted parameters and answer recorded; the journal full, so each one also evicts).
    // Last: the second leaves recording on for two minutes.
    {
      name: 'GET /users/me (journal off)',
      method: 'GET',
      path: '/api/v1/users/me',
      auth: 'member',
      target: { rps: 0.4 },
    },
    {
      name: 'GET /users/me (journal recording)',
      method: 'GET',
      path: '/api/v1/users/me',
      auth: 'member',
      setup: watchTheJournal,
      target: { rps: 0.3 },
    },
  ];
}
