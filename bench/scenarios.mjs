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
];
