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
  'twenty_four_hour_time', 'starred_message_counts', 'fluid_layout_width', 'high_contrast_mode',
  'translate_emoticons', 'display_emoji_reaction_users', 'left_side_userlist', 'enter_sends',
  'enable_drafts_synchronization', 'web_escape_navigates_to_home_view', 'hide_ai_features',
  'web_suggest_update_timezone', 'receives_typing_notifications', 'web_navigate_to_sent_message',
  'send_read_receipts', 'enable_sounds',
];

/** Messages seeded for the message scenarios (BENCH_MESSAGES; the issue asks for 100,000). */
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
/** Messages per topic of the seeded channel: the flags scenario marks one topic read. */
const PER_TOPIC = 1000;
const CHANNEL_NARROW = JSON.stringify([{ operator: 'channel', operand: 'general' }]);
const TOPIC_NARROW = JSON.stringify([{ operator: 'channel', operand: 'general' }, { operator: 'topic', operand: 'topic 7' }]);

/**
 * Sends MESSAGES channel messages (PER_TOPIC per topic) through the API, 64 at a time,
 * as the member, so the owner's copies stay unread.
 */
async function seedMessages(api) {
  let next = 0;
  const worker = async () => {
    while (next < MESSAGES) {
      const i = next++;
      await api.call('POST', '/api/v1/messages', { type: 'stream', to: 'general', topic: `topic ${Math.floor(i / PER_TOPIC)}`, content: `Message **${i}** of the benchmark, with a link: https://example.com/${i}` }, { as: 'member' });
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: 64 }, worker));
  console.log(`  seeded ${MESSAGES} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export const scenarios = [
  {
    name: 'GET /users',
    method: 'GET',
    path: '/api/v1/users',
    auth: 'owner',
  },
  {
    name: 'GET /server_settings',
    method: 'GET',
    path: '/api/v1/server_settings',
    auth: null,
  },
  {
    name: 'PATCH /settings (write)',
    method: 'PATCH',
    path: '/api/v1/settings',
    auth: 'owner',
    setup: (api) => api.call('PATCH', '/api/v1/settings', Object.fromEntries(TOGGLES.map((name) => [name, false]))),
    body: (i) => ({ [TOGGLES[i % TOGGLES.length]]: Math.floor(i / TOGGLES.length) % 2 === 0 }),
  },
  {
    name: 'GET /messages (channel narrow, 100 newest)',
    method: 'GET',
    path: `/api/v1/messages?anchor=newest&num_before=100&num_after=0&narrow=${encodeURIComponent(CHANNEL_NARROW)}`,
    auth: 'owner',
    setup: seedMessages,
  },
  {
    name: 'GET /messages/{id}',
    method: 'GET',
    path: `/api/v1/messages/${Math.max(1, Math.floor(MESSAGES / 2))}`,
    auth: 'owner',
  },
  {
    name: 'POST /messages/flags/narrow (a 1000-message topic, read/unread)',
    method: 'POST',
    path: '/api/v1/messages/flags/narrow',
    auth: 'owner',
    // Alternating add/remove keeps every request a real write of the whole topic.
    body: (i) => ({ anchor: 'oldest', num_before: 0, num_after: PER_TOPIC, narrow: TOPIC_NARROW, op: i % 2 === 0 ? 'add' : 'remove', flag: 'read' }),
  },
];
