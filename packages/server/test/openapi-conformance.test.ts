import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryServer, type MemoryServer } from '../src/memory.js';
import { componentSchema, eventSchemas, SPEC_PATH, successSchema, validate } from './helpers/openapi-validator.js';
import { call } from './helpers/rest-client.js';

/**
 * Responses and events of the server checked against the real server's OpenAPI description at
 * feature level 420 (`zulip-openapi-fl420.yaml`): POST /register in full, the
 * everyday endpoints, and the events they emit.
 */
let server: MemoryServer;
const auth = (role: string) => {
  const account = server.accounts.find((a) => a.role === role);
  if (!account) throw new Error(`no ${role}`);
  return { email: account.email, apiKey: account.apiKey };
};
const userId = (role: string) => server.accounts.find((a) => a.role === role)?.userId ?? 0;
const userIdIn = (on: MemoryServer, role: string) => on.accounts.find((a) => a.role === role)?.userId ?? 0;

async function checked(
  method: string,
  path: string,
  role: string,
  params: Record<string, string> = {},
  described = path,
) {
  const { status, body } = await call(server.handler, method, path, { auth: auth(role), params });
  expect(status, JSON.stringify(body)).toBe(200);
  expect(validate(successSchema(method, described), body), `${method} ${path}`).toEqual([]);
  return body;
}

const MODERN = JSON.stringify({
  notification_settings_null: true,
  bulk_message_deletion: true,
  user_avatar_url_field_optional: true,
  stream_typing_notifications: true,
  user_settings_object: true,
  linkifier_url_template: true,
  user_list_incomplete: true,
  include_deactivated_groups: true,
  archived_channels: true,
  empty_topic_name: true,
  simplified_presence_events: true,
});

beforeAll(async () => {
  server = await createMemoryServer({ seed: 3 });
});

describe.skipIf(SPEC_PATH === undefined)('responses conform to the real OpenAPI description (FL 420)', () => {
  it('the check itself catches wrong types, missing fields and fields the description lacks', () => {
    const status = successSchema('GET', '/users/{user_id}/status');
    expect(validate(status, { result: 'success', msg: '', status: {} })).toEqual([]);
    expect(validate(status, { result: 'success', msg: '', status: { away: 'yes' } })).toEqual([
      '$.status.away: expected boolean, got "yes"',
    ]);
    const scheduled = successSchema('GET', '/scheduled_messages');
    const message = {
      scheduled_message_id: 1,
      type: 'private',
      to: [2],
      content: 'x',
      rendered_content: '<p>x</p>',
      scheduled_delivery_timestamp: 1,
    };
    expect(
      validate(scheduled, { result: 'success', msg: '', scheduled_messages: [{ ...message, failed: false }] }),
    ).toEqual([]);
    expect(validate(scheduled, { result: 'success', msg: '', scheduled_messages: [message] })).toEqual([
      '$.scheduled_messages[0].failed: required',
    ]);
    const register = successSchema('POST', '/register');
    expect(
      validate(register, {
        result: 'success',
        msg: '',
        queue_id: 'q',
        last_event_id: -1,
        zulip_feature_level: 420,
        zulip_version: '11',
        zulip_merge_base: '11',
        realm_mystery: 1,
      }),
    ).toEqual(['$.realm_mystery: not in the description']);
    expect(
      validate(register, {
        result: 'success',
        msg: '',
        queue_id: 'q',
        last_event_id: -1,
        zulip_feature_level: 420,
        zulip_version: '11',
        zulip_merge_base: '11',
        realm_message_edit_history_visibility_policy: 3,
      }),
    ).toEqual(['$.realm_message_edit_history_visibility_policy: expected string, got 3']);
  });

  it('POST /register with every block, for a modern and a legacy client and every role', async () => {
    for (const role of ['owner', 'member', 'guest']) {
      await checked('POST', '/register', role, {
        client_capabilities: MODERN,
        apply_markdown: 'true',
        include_subscribers: 'true',
      });
      await checked('POST', '/register', role, {});
    }
  });

  it('answers the blocks of features this server lacks as an organization without them', async () => {
    const blocks: Record<string, [string, unknown]> = {
      realm_embedded_bots: ['realm_embedded_bots', []],
      realm_incoming_webhook_bots: ['realm_incoming_webhook_bots', []],
      onboarding_steps: ['onboarding_steps', []],
      video_calls: ['has_zoom_token', false],
      giphy: ['giphy_api_key', ''],
      default_stream_groups: ['realm_default_stream_groups', []],
    };
    for (const [type, [key, value]] of Object.entries(blocks)) {
      const body = await checked('POST', '/register', 'member', { fetch_event_types: JSON.stringify([type]) });
      expect(body[key], type).toEqual(value);
    }
  });

  it('the everyday endpoints', async () => {
    const general = Number((await checked('GET', '/get_stream_id', 'member', { stream: 'general' }))['stream_id']);
    const now = Math.floor(Date.now() / 1000);
    await checked('POST', '/typing', 'member', { op: 'start', to: JSON.stringify([userId('owner')]) });
    await checked('POST', '/mark_all_as_read', 'member');
    await checked('POST', '/mark_stream_as_read', 'member', { stream_id: String(general) });
    await checked('POST', '/users/me/status', 'member', { status_text: 'Lunch', emoji_name: 'tada' });
    await checked('GET', `/users/${userId('member')}/status`, 'owner', {}, '/users/{user_id}/status');
    await checked('POST', '/user_topics', 'member', {
      stream_id: String(general),
      topic: 'welcome',
      visibility_policy: '1',
    });
    await checked(
      'POST',
      `/users/me/muted_users/${userId('guest')}`,
      'member',
      {},
      '/users/me/muted_users/{muted_user_id}',
    );
    await checked('POST', '/users/me/alert_words', 'member', { alert_words: JSON.stringify(['deploy']) });
    await checked('GET', '/users/me/alert_words', 'member');
    await checked('POST', '/drafts', 'member', {
      drafts: JSON.stringify([{ type: 'stream', to: [general], topic: 'x', content: 'y' }]),
    });
    await checked('GET', '/drafts', 'member');
    await checked('POST', '/scheduled_messages', 'member', {
      type: 'stream',
      to: String(general),
      topic: 'later',
      content: 'Later',
      scheduled_delivery_timestamp: String(now + 9_999_999),
    });
    await checked('GET', '/scheduled_messages', 'member');
    await checked('GET', '/realm/emoji', 'member');
    await checked('POST', '/realm/profile_fields', 'owner', { name: 'Desk', field_type: '1' });
    await checked('GET', '/realm/profile_fields', 'member');
    await checked('GET', `/streams/${general}/email_address`, 'member', {}, '/streams/{stream_id}/email_address');
    await checked('POST', '/default_streams', 'owner', { stream_id: String(general) });
    // A human's own record has no `bot_type` (the description's additionalProperties: false).
    expect(await checked('GET', '/users/me', 'member')).not.toHaveProperty('bot_type');
    await checked('POST', '/users/me/subscriptions', 'owner', {
      subscriptions: JSON.stringify([{ name: 'general' }]),
      principals: JSON.stringify([userId('moderator')]),
    });
  });

  it('the events of those endpoints', async () => {
    const { body: state } = await call(server.handler, 'POST', '/register', {
      auth: auth('member'),
      params: { client_capabilities: MODERN },
    });
    const queue = String(state['queue_id']);
    const general = Number((await checked('GET', '/get_stream_id', 'member', { stream: 'general' }))['stream_id']);
    await checked('POST', '/users/me/status', 'owner', { status_text: 'Away', emoji_name: 'palm_tree' });
    await checked('POST', '/user_topics', 'member', {
      stream_id: String(general),
      topic: 'news',
      visibility_policy: '3',
    });
    await checked('POST', '/users/me/alert_words', 'member', { alert_words: JSON.stringify(['ship']) });
    await checked('POST', '/drafts', 'member', {
      drafts: JSON.stringify([{ type: '', to: [], topic: '', content: 'idea' }]),
    });
    await checked('POST', '/scheduled_messages', 'member', {
      type: 'direct',
      to: JSON.stringify([userId('owner')]),
      content: 'Hi',
      scheduled_delivery_timestamp: String(Math.floor(Date.now() / 1000) + 9_999_999),
    });
    await checked(
      'POST',
      `/users/me/muted_users/${userId('moderator')}`,
      'member',
      {},
      '/users/me/muted_users/{muted_user_id}',
    );
    await checked('POST', '/typing', 'owner', { op: 'start', to: JSON.stringify([userId('member')]) });
    await call(server.handler, 'PATCH', '/realm', {
      auth: auth('owner'),
      params: { name: 'Renamed', message_edit_history_visibility_policy: 'moves' },
    });
    await checked('POST', '/default_streams', 'owner', { stream_id: String(general) });
    await checked('POST', '/realm/profile_fields', 'owner', { name: 'Floor', field_type: '1' });
    await call(server.handler, 'PATCH', '/settings', { auth: auth('member'), params: { enable_sounds: 'false' } });
    const { body } = await call(server.handler, 'GET', '/events', {
      auth: auth('member'),
      params: { queue_id: queue, last_event_id: '-1', dont_block: 'true' },
    });
    const events = body['events'] as Record<string, unknown>[];
    expect(events.length).toBeGreaterThan(10);
    const schemas = eventSchemas();
    const problems = events.flatMap((event) =>
      schemas.some((schema) => validate(schema, event).length === 0)
        ? []
        : [`${String(event['type'])}/${String(event['op'])}: ${JSON.stringify(event).slice(0, 200)}`],
    );
    expect(problems).toEqual([]);
  });

  it('exports, legacy push tokens, BigBlueButton, temporary upload URLs and dev_fetch_api_key', async () => {
    const dev = await createMemoryServer({
      seed: 4,
      config: {
        devMode: true,
        bigBlueButtonUrl: 'https://bbb.example.com/bigbluebutton/',
        bigBlueButtonSecret: 's3cret',
      },
    });
    const devAuth = (role: string) => {
      const account = dev.accounts.find((a) => a.role === role);
      return { email: account?.email ?? '', apiKey: account?.apiKey ?? '' };
    };
    const devChecked = async (
      method: string,
      path: string,
      role: string | null,
      params: Record<string, string> = {},
      described = path,
    ) => {
      const { status, body } = await call(dev.handler, method, path, {
        ...(role === null ? {} : { auth: devAuth(role) }),
        params,
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(validate(successSchema(method, described), body), `${method} ${path}`).toEqual([]);
      return body;
    };
    await devChecked('POST', '/dev_fetch_api_key', null, { username: devAuth('member').email });
    await devChecked('GET', '/calls/bigbluebutton/create', 'member', { meeting_name: 'standup', voice_only: 'true' });
    await devChecked('POST', '/users/me/android_gcm_reg_id', 'member', { token: 'android-token' });
    await devChecked('POST', '/users/me/apns_device_token', 'member', { token: 'c0ffee', appid: 'org.zulip.Zulip' });
    await devChecked('POST', '/mobile_push/test_notification', 'member', { token: 'c0ffee' });
    await devChecked('DELETE', '/users/me/apns_device_token', 'member', { token: 'c0ffee' });
    await devChecked('DELETE', '/users/me/android_gcm_reg_id', 'member', { token: 'android-token' });
    const queue = String(
      (
        await call(dev.handler, 'POST', '/register', {
          auth: devAuth('owner'),
          params: { event_types: JSON.stringify(['realm_export', 'realm_export_consent']) },
        })
      ).body['queue_id'],
    );
    await call(dev.handler, 'PATCH', '/settings', {
      auth: devAuth('member'),
      params: { allow_private_data_export: 'true' },
    });
    await devChecked('POST', '/export/realm', 'owner', { export_type: '1' });
    await dev.core.services.jobs.idle();
    const { body } = await call(dev.handler, 'GET', '/events', {
      auth: devAuth('owner'),
      params: { queue_id: queue, last_event_id: '-1', dont_block: 'true' },
    });
    const events = body['events'] as Record<string, unknown>[];
    expect(events.map((event) => event['type'])).toEqual(['realm_export_consent', 'realm_export', 'realm_export']);
    const schemas = eventSchemas();
    expect(events.filter((event) => !schemas.some((schema) => validate(schema, event).length === 0))).toEqual([]);
    const exports = (await devChecked('GET', '/export/realm', 'owner'))['exports'] as { export_url: string | null }[];
    expect(exports[0]?.export_url).toMatch(/\/user_avatars\/exports\//);
    await devChecked('GET', '/export/realm/consents', 'owner');
    const form = new FormData();
    form.append('file', new File(['hello'], 'hello.txt', { type: 'text/plain' }));
    const member = devAuth('member');
    const uploaded = (await (
      await dev.handler(
        new Request('http://teamchat.test/api/v1/user_uploads', {
          method: 'POST',
          body: form,
          headers: { authorization: `Basic ${btoa(`${member.email}:${member.apiKey}`)}` },
        }),
      )
    ).json()) as { url: string };
    await devChecked('GET', uploaded.url, 'member', {}, '/user_uploads/{realm_id_str}/{filename}');
  });

  it('invitations and the Welcome Bot test message, and their invites_changed events', async () => {
    const { body: state } = await call(server.handler, 'POST', '/register', {
      auth: auth('administrator'),
      params: { event_types: JSON.stringify(['invites_changed']) },
    });
    const general = Number((await checked('GET', '/get_stream_id', 'member', { stream: 'general' }))['stream_id']);
    await checked('POST', '/invites', 'member', {
      invitee_emails: 'conform1@example.com, conform2@example.com',
      stream_ids: JSON.stringify([general]),
    });
    await checked('POST', '/invites', 'owner', {
      invitee_emails: 'conform3@example.com',
      stream_ids: '[]',
      invite_expires_in_minutes: 'null',
      invite_as: '200',
      welcome_message_custom_text: 'Hi',
    });
    await checked('POST', '/invites/multiuse', 'owner', { invite_as: '600', stream_ids: JSON.stringify([general]) });
    const listed = await checked('GET', '/invites', 'owner');
    const invites = listed['invites'] as { id: number; is_multiuse: boolean }[];
    expect(invites.map((invite) => invite.is_multiuse)).toEqual([false, false, false, true]);
    const email = invites[0]?.id ?? 0;
    const link = invites[3]?.id ?? 0;
    await checked('POST', `/invites/${email}/resend`, 'owner', {}, '/invites/{invite_id}/resend');
    await checked('DELETE', `/invites/${email}`, 'owner', {}, '/invites/{invite_id}');
    await checked('DELETE', `/invites/multiuse/${link}`, 'owner', {}, '/invites/multiuse/{invite_id}');
    await checked('POST', '/realm/test_welcome_bot_custom_message', 'administrator', {
      welcome_message_custom_text: 'Welcome!',
    });
    const { body } = await call(server.handler, 'GET', '/events', {
      auth: auth('administrator'),
      params: { queue_id: String(state['queue_id']), last_event_id: '-1', dont_block: 'true' },
    });
    const events = body['events'] as Record<string, unknown>[];
    expect(events.map((event) => event['type'])).toEqual([
      'invites_changed',
      'invites_changed',
      'invites_changed',
      'invites_changed',
      'invites_changed',
    ]);
    const schemas = eventSchemas();
    expect(events.filter((event) => !schemas.some((schema) => validate(schema, event).length === 0))).toEqual([]);
  });

  it('issue 29: the system bots, the events that differed, and a deactivated organization’s answers', async () => {
    const own = await createMemoryServer({ seed: 29, passwords: { member: 'member-password' } });
    const as = (role: string) => {
      const account = own.accounts.find((a) => a.role === role);
      if (!account) throw new Error(`no ${role}`);
      return { email: account.email, apiKey: account.apiKey };
    };
    const ok = async (
      method: string,
      path: string,
      role: string,
      params: Record<string, string> = {},
      described = path,
    ) => {
      const { status, body } = await call(own.handler, method, path, { auth: as(role), params });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(validate(successSchema(method, described), body), `${method} ${path}`).toEqual([]);
      return body;
    };
    const state = await ok('POST', '/register', 'guest', { client_capabilities: MODERN });
    const bots = state['cross_realm_bots'] as { email: string; user_id: number }[];
    expect(bots.map((bot) => bot.email)).toEqual([
      'notification-bot@zulip.com',
      'emailgateway@zulip.com',
      'welcome-bot@zulip.com',
    ]);
    const general = Number((await ok('GET', '/get_stream_id', 'member', { stream: 'general' }))['stream_id']);
    const gateway = bots[1]?.user_id ?? 0;
    await ok(
      'GET',
      `/streams/${general}/email_address`,
      'member',
      { sender_id: String(gateway) },
      '/streams/{stream_id}/email_address',
    );

    // The events: a queue of the guest, who also sees users come and go (restricted access).
    const groups = (await ok('GET', '/user_groups', 'owner'))['user_groups'] as { id: number; name: string }[];
    const members = groups.find((group) => group.name === 'role:members')?.id ?? 0;
    const queue = String((await ok('POST', '/register', 'guest', { client_capabilities: MODERN }))['queue_id']);
    await call(own.handler, 'PATCH', '/settings', { auth: as('member'), params: { timezone: 'Asia/Tokyo' } });
    await ok('POST', '/users/me/status', 'member', { away: 'true', status_text: 'Lunch', emoji_name: 'car' });
    await call(own.handler, 'PATCH', '/realm', {
      auth: as('owner'),
      params: {
        allow_message_editing: 'false',
        message_content_edit_limit_seconds: '300',
        topics_policy: 'disable_empty_topic',
        jitsi_server_url: JSON.stringify('https://jitsi.example.com'),
      },
    });
    await call(own.handler, 'PATCH', '/realm', {
      auth: as('owner'),
      params: { can_access_all_users_group: JSON.stringify({ new: members }) },
    });
    await ok('DELETE', '/users/me/subscriptions', 'guest', { subscriptions: JSON.stringify(['general']) });
    await ok('POST', '/users/me/subscriptions', 'owner', {
      subscriptions: JSON.stringify([{ name: 'general' }]),
      principals: JSON.stringify([userIdIn(own, 'guest')]),
    });
    const { body } = await call(own.handler, 'GET', '/events', {
      auth: as('guest'),
      params: { queue_id: queue, last_event_id: '-1', dont_block: 'true' },
    });
    const events = body['events'] as Record<string, unknown>[];
    const kinds = events.map((event) => `${String(event['type'])}/${String(event['op'] ?? '')}`);
    for (const kind of [
      'realm_user/update',
      'user_status/',
      'realm/update_dict',
      'realm/update',
      'realm_user/remove',
      'realm_user/add',
    ])
      expect(kinds).toContain(kind);
    expect(events.filter((event) => event['type'] === 'user_status')).toHaveLength(1);
    const schemas = eventSchemas();
    expect(events.filter((event) => !schemas.some((schema) => validate(schema, event).length === 0))).toEqual([]);

    // A deactivated organization: the description's RealmDeactivatedError, with the real words.
    await own.core.operator({ action: 'deactivate-organization' });
    const refused = await call(own.handler, 'POST', '/fetch_api_key', {
      params: { username: as('member').email, password: 'member-password' },
    });
    const basic = await call(own.handler, 'GET', '/users/me', { auth: as('member') });
    expect(refused.status).toBe(401);
    expect(validate(componentSchema('RealmDeactivatedError'), refused.body)).toEqual([]);
    expect(basic).toMatchObject({
      status: 401,
      body: { result: 'error', msg: 'This organization has been deactivated' },
    });
    expect(validate(componentSchema('CodedError'), basic.body)).toEqual([]);
  });
});
