import type { Client } from '@teamchat/client-sdk';
import type { DemoRole } from '@teamchat/server';
import { expect } from 'vitest';
import { DEFAULT_START } from '@teamchat/mock';
import { failure, outcome, scenario, type Scenario, type ScenarioContext } from '../../harness.js';

/** The clock at the start of every scenario, in seconds (the demo organization is seeded then). */
const T = DEFAULT_START / 1000;
const DAY_MS = 86_400_000;

/**
 * Seeded presence (see the demo seed): the owner active 30 s ago (update ID 1), the
 * administrator active 15 min ago and connected 90 s ago (ID 2), the moderator last seen 20
 * days ago (ID 3); the member and the guest have not reported.
 */
const SEEDED = {
  owner: { active_timestamp: T - 30, idle_timestamp: T - 30 },
  administrator: { active_timestamp: T - 900, idle_timestamp: T - 90 },
  moderator: { active_timestamp: T - 20 * 86_400, idle_timestamp: T - 20 * 86_400 },
};

/** A legacy entry (`aggregated` + `website`). */
function legacy(status: 'active' | 'idle', timestamp: number) {
  return {
    aggregated: { client: 'website', status, timestamp },
    website: { client: 'website', status, timestamp, pushable: false },
  };
}

/** The legacy event's `presence` value. */
function website(status: 'active' | 'idle', timestamp: number) {
  return { website: { client: 'website', status, timestamp, pushable: false } };
}

const ROLES: readonly DemoRole[] = ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot'];

/** One row of the permission matrix: an endpoint, how to call it, and who may. */
interface MatrixRow {
  endpoint: string;
  call(client: Client, t: ScenarioContext): Promise<unknown>;
  expect: Record<DemoRole, 'allow' | 'deny'>;
}

const EVERYONE = {
  owner: 'allow',
  administrator: 'allow',
  moderator: 'allow',
  member: 'allow',
  guest: 'allow',
  bot: 'allow',
} as const;

const PERMISSION_MATRIX: MatrixRow[] = [
  {
    endpoint: 'POST /users/me/presence',
    call: (client) => client.presence.update({ status: 'active' }),
    expect: { ...EVERYONE, bot: 'deny' },
  },
  {
    endpoint: 'GET /realm/presence',
    call: (client) => client.presence.getRealm(),
    expect: EVERYONE,
  },
  {
    endpoint: 'GET /users/{user_id_or_email}/presence',
    call: (client, t) => client.presence.get({ user_id_or_email: t.accounts.owner.userId }),
    expect: EVERYONE,
  },
];

/** Scenarios of presence: POST /users/me/presence, GET /realm/presence, GET /users/{id}/presence, events, register. */
export const presenceScenarios: Scenario[] = [
  scenario('presence: POST answers the legacy format keyed by API email over the last 14 days', async (t) => {
    const answer = await t.client('member').presence.update({ status: 'active' });
    expect(answer).toEqual({
      presences: {
        [t.accounts.owner.email]: legacy('active', T - 30),
        // Active 15 min ago, connected 90 s ago: more than 70 s apart, so idle since the connection.
        [t.accounts.administrator.email]: legacy('idle', T - 90),
        // The caller's own report is applied before the answer.
        [t.accounts.member.email]: legacy('active', T),
      },
      server_timestamp: T,
      presence_last_update_id: 4,
    });
    // Keys are API emails: a user who hides their address is keyed by the dummy one.
    await t.client('owner').settings.update({ email_address_visibility: 4 });
    const hidden = await t.client('member').presence.update({ status: 'active' });
    expect(Object.keys(hidden.presences ?? {})).toEqual([
      `user${t.accounts.owner.userId}@teamchat.test`,
      t.accounts.administrator.email,
      t.accounts.member.email,
    ]);
    const raw = await t.raw('POST', '/users/me/presence', {
      role: 'guest',
      params: { status: 'idle', new_user_input: 'true' },
    });
    expect(raw.status).toBe(200);
    expect(raw.body).toMatchObject({ result: 'success', msg: '', presence_last_update_id: 5 });
    expect(raw.body).not.toHaveProperty('ignored_parameters_unsupported');
    return { answer, hidden, raw };
  }),

  scenario('presence: slim_presence and last_update_id select the modern format keyed by user ID', async (t) => {
    const member = t.client('member');
    const slim = await member.presence.update({ status: 'active', slim_presence: true });
    const expected = {
      [String(t.accounts.owner.userId)]: SEEDED.owner,
      [String(t.accounts.administrator.userId)]: SEEDED.administrator,
      [String(t.accounts.member.userId)]: { active_timestamp: T, idle_timestamp: T },
    };
    expect(slim).toEqual({ presences: expected, server_timestamp: T, presence_last_update_id: 4 });
    // last_update_id forces the modern format, even -1 and even with slim_presence false.
    const initial = await member.presence.update({ status: 'active', last_update_id: -1, slim_presence: false });
    expect(initial).toEqual(slim);
    const zero = await member.presence.update({ status: 'active', last_update_id: 0 });
    expect(zero.presences).toEqual(expected);
    return { slim, initial, zero };
  }),

  scenario('presence: last_update_id answers only newer rows, and each real change takes the next ID', async (t) => {
    const member = t.client('member');
    const ids: number[] = [];
    const first = await member.presence.update({ status: 'active', last_update_id: -1 });
    ids.push(first.presence_last_update_id ?? NaN);
    const nothingNew = await member.presence.update({ status: 'active', last_update_id: 4 });
    expect(nothingNew).toEqual({ presences: {}, server_timestamp: T, presence_last_update_id: 4 });
    // An older ID than the client saw is echoed back too when nothing newer exists.
    const ahead = await member.presence.update({ status: 'active', last_update_id: 40 });
    expect(ahead.presence_last_update_id).toBe(40);
    t.clock.advance(30_000);
    await t.client('guest').presence.update({ status: 'idle', ping_only: true });
    const guestOnly = await member.presence.update({ status: 'active', last_update_id: 4 });
    expect(guestOnly).toEqual({
      presences: { [String(t.accounts.guest.userId)]: { active_timestamp: T, idle_timestamp: T + 30 } },
      server_timestamp: T + 30,
      presence_last_update_id: 5,
    });
    ids.push(guestOnly.presence_last_update_id ?? NaN);
    t.clock.advance(30_000);
    // 60 s after its last report the member's row moves (ID 6); the guest's does not (30 s).
    await t.client('guest').presence.update({ status: 'idle', ping_only: true });
    const both = await member.presence.update({ status: 'active', last_update_id: 5 });
    expect(both.presences).toEqual({
      [String(t.accounts.member.userId)]: { active_timestamp: T + 60, idle_timestamp: T + 60 },
    });
    ids.push(both.presence_last_update_id ?? NaN);
    expect(ids).toEqual([4, 5, 6]);
    return { first, nothingNew, ahead, guestOnly, both };
  }),

  scenario('presence: timestamps move only after 55 s, and connected never trails active', async (t) => {
    const member = t.client('member');
    const id = String(t.accounts.member.userId);
    const read = async () =>
      (await t.client('guest').presence.update({ status: 'idle', slim_presence: true })).presences?.[id];
    const readLegacy = async () =>
      (await t.client('guest').presence.update({ status: 'idle' })).presences?.[t.accounts.member.email];
    const steps: { at: number; entry: unknown; legacy: unknown }[] = [];
    const step = async (advanceSeconds: number, status: 'active' | 'idle') => {
      t.clock.advance(advanceSeconds * 1000);
      await member.presence.update({ status, ping_only: true });
      steps.push({ at: t.clock.now() / 1000 - T, entry: await read(), legacy: await readLegacy() });
    };
    await step(10, 'active'); // the first report makes the row
    expect(steps[0]?.entry).toEqual({ active_timestamp: T + 10, idle_timestamp: T + 10 });
    expect(steps[0]?.legacy).toEqual(legacy('active', T + 10));
    await step(50, 'active'); // 50 s after: nothing moves
    expect(steps[1]?.entry).toEqual({ active_timestamp: T + 10, idle_timestamp: T + 10 });
    await step(6, 'active'); // 56 s after the row was made: both move
    expect(steps[2]?.entry).toEqual({ active_timestamp: T + 66, idle_timestamp: T + 66 });
    await step(56, 'idle'); // idle moves the connection only
    await step(56, 'idle');
    expect(steps[4]?.entry).toEqual({ active_timestamp: T + 66, idle_timestamp: T + 178 });
    // 112 s between the last active report and the connection: idle in the legacy format.
    expect(steps[4]?.legacy).toEqual(legacy('idle', T + 178));
    await step(20, 'active'); // active is 132 s old, connected 20 s: active moves and pulls connected along
    expect(steps[5]?.entry).toEqual({ active_timestamp: T + 198, idle_timestamp: T + 198 });
    expect(steps[5]?.legacy).toEqual(legacy('active', T + 198));
    return steps;
  }),

  scenario(
    'presence: history_limit_days bounds a full fetch, 0 answers nothing, and an update ID ignores it',
    async (t) => {
      const member = t.client('member');
      const moderatorId = String(t.accounts.moderator.userId);
      const month = await member.presence.update({ status: 'active', slim_presence: true, history_limit_days: 30 });
      expect(month.presences?.[moderatorId]).toEqual(SEEDED.moderator);
      expect(month.presence_last_update_id).toBe(4);
      const legacyMonth = await member.presence.update({ status: 'active', history_limit_days: 30 });
      expect(legacyMonth.presences?.[t.accounts.moderator.email]).toEqual(legacy('active', T - 20 * 86_400));
      const none = await member.presence.update({ status: 'active', history_limit_days: 0 });
      expect(none).toEqual({ presences: {}, server_timestamp: T, presence_last_update_id: -1 });
      const noneModern = await member.presence.update({ status: 'active', last_update_id: -1, history_limit_days: 0 });
      expect(noneModern).toEqual({ presences: {}, server_timestamp: T, presence_last_update_id: -1 });
      // With last_update_id > 0 the window (0 included) does not apply: the 20-day-old row comes back.
      const sinceTwo = await member.presence.update({ status: 'active', last_update_id: 2, history_limit_days: 0 });
      expect(Object.keys(sinceTwo.presences ?? {})).toEqual([moderatorId, String(t.accounts.member.userId)]);
      // Fifteen days on, the default window holds only the member, who keeps reporting.
      t.clock.advance(15 * DAY_MS);
      const later = await member.presence.update({ status: 'active', slim_presence: true });
      expect(later.presences).toEqual({
        [String(t.accounts.member.userId)]: { active_timestamp: T + 15 * 86_400, idle_timestamp: T + 15 * 86_400 },
      });
      const oneDay = await member.presence.update({ status: 'active', slim_presence: true, history_limit_days: 16 });
      expect(Object.keys(oneDay.presences ?? {}).length).toBe(3);
      return { month, legacyMonth, none, noneModern, sinceTwo, later, oneDay };
    },
  ),

  scenario('presence: ping_only stores the report and answers the bare envelope', async (t) => {
    const ping = await t.raw('POST', '/users/me/presence', {
      role: 'member',
      params: { status: 'active', ping_only: 'true' },
    });
    expect(ping).toMatchObject({ status: 200, body: { result: 'success', msg: '' } });
    expect(ping.body).toEqual({ result: 'success', msg: '' });
    const viaSdk = await t.client('guest').presence.update({ status: 'idle', ping_only: true, last_update_id: -1 });
    expect(viaSdk).toEqual({});
    const seen = await t.client('owner').presence.update({ status: 'active', last_update_id: 3 });
    expect(seen.presences).toEqual({
      [String(t.accounts.member.userId)]: { active_timestamp: T, idle_timestamp: T },
      [String(t.accounts.guest.userId)]: { active_timestamp: T, idle_timestamp: T },
    });
    return { ping, viaSdk, seen };
  }),

  scenario('presence: errors of POST /users/me/presence', async (t) => {
    const errors = {
      badStatus: await t.raw('POST', '/users/me/presence', { role: 'member', params: { status: 'away' } }),
      emptyStatus: await t.raw('POST', '/users/me/presence', { role: 'member', params: { status: '' } }),
      missingStatus: await t.raw('POST', '/users/me/presence', { role: 'member', params: { ping_only: 'true' } }),
      bot: await t.raw('POST', '/users/me/presence', { role: 'bot', params: { status: 'active' } }),
      badUpdateId: await t.raw('POST', '/users/me/presence', {
        role: 'member',
        params: { status: 'active', last_update_id: 'x' },
      }),
      badDays: await t.raw('POST', '/users/me/presence', {
        role: 'member',
        params: { status: 'active', history_limit_days: '1.5' },
      }),
      sdk: await failure(t.client('member').presence.update({ status: 'offline' })),
    };
    expect(errors.badStatus).toMatchObject({
      status: 400,
      body: { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid status: away' },
    });
    expect(errors.emptyStatus.body).toMatchObject({ msg: 'Invalid status: ' });
    expect(errors.missingStatus.body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'status' argument",
    });
    expect(errors.bot).toMatchObject({
      status: 400,
      body: { result: 'error', code: 'BAD_REQUEST', msg: 'This endpoint does not accept bot requests.' },
    });
    expect(errors.badUpdateId.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'last_update_id is not valid JSON' });
    expect(errors.badDays.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'history_limit_days is not an integer' });
    expect(errors.sdk).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid status: offline', status: 400 });
    // A rejected report stores nothing.
    const after = await t.client('owner').presence.update({ status: 'active', last_update_id: 3 });
    expect(after.presences).toEqual({});
    return errors;
  }),

  scenario('presence: GET /realm/presence answers the legacy format and server_timestamp', async (t) => {
    await t.client('guest').presence.update({ status: 'idle', ping_only: true });
    const asMember = await t.client('member').presence.getRealm();
    expect(asMember).toEqual({
      server_timestamp: T,
      presences: {
        [t.accounts.owner.email]: legacy('active', T - 30),
        [t.accounts.administrator.email]: legacy('idle', T - 90),
        // Never active: the active time defaults to date_joined (T), within 70 s of the connection.
        [t.accounts.guest.email]: legacy('active', T),
      },
    });
    const asBot = await t.client('bot').presence.getRealm();
    expect(asBot).toEqual(asMember);
    t.clock.advance(15 * DAY_MS);
    const later = await t.client('member').presence.getRealm();
    expect(later).toEqual({ server_timestamp: T + 15 * 86_400, presences: {} });
    return { asMember, later };
  }),

  scenario(
    'presence: GET /users/{user_id_or_email}/presence answers one user and says offline past 200 s',
    async (t) => {
      const member = t.client('member');
      const owner = t.accounts.owner;
      const byId = await member.presence.get({ user_id_or_email: owner.userId });
      expect(byId).toEqual({
        presence: {
          website: { status: 'active', timestamp: T - 30 },
          aggregated: { status: 'active', timestamp: T - 30 },
        },
      });
      const byEmail = await member.presence.get({ user_id_or_email: owner.email.toUpperCase() });
      expect(byEmail).toEqual(byId);
      const slim = await member.presence.get({ user_id_or_email: owner.userId, slim_presence: true });
      expect(slim).toEqual({ presence: SEEDED.owner });
      const idle = await member.presence.get({ user_id_or_email: t.accounts.administrator.email });
      expect(idle).toEqual({
        presence: { website: { status: 'idle', timestamp: T - 90 }, aggregated: { status: 'idle', timestamp: T - 90 } },
      });
      t.clock.advance(170_000);
      const atThreshold = await member.presence.get({ user_id_or_email: owner.userId });
      expect(atThreshold.presence).toMatchObject({ aggregated: { status: 'active' } });
      t.clock.advance(1000);
      const offline = await member.presence.get({ user_id_or_email: owner.userId });
      expect(offline).toEqual({
        presence: {
          website: { status: 'active', timestamp: T - 30 },
          aggregated: { status: 'offline', timestamp: T - 30 },
        },
      });
      const old = await member.presence.get({ user_id_or_email: t.accounts.moderator.userId });
      expect(old.presence).toMatchObject({ aggregated: { status: 'offline', timestamp: T - 20 * 86_400 } });
      const raw = await t.raw('GET', `/users/${owner.userId}/presence`, {
        role: 'guest',
        params: { slim_presence: 'true' },
      });
      expect(raw.body).toEqual({ result: 'success', msg: '', presence: SEEDED.owner });
      // A hidden address finds nobody for those who may not see it; the dummy API address works.
      await t.client('owner').settings.update({ email_address_visibility: 4 });
      const hiddenEmail = await failure(member.presence.get({ user_id_or_email: owner.email, slim_presence: true }));
      expect(hiddenEmail.msg).toBe('No such user');
      const byDummy = await member.presence.get({
        user_id_or_email: `user${owner.userId}@teamchat.test`,
        slim_presence: true,
      });
      expect(byDummy).toEqual(slim);
      const ownAddress = await t.client('owner').presence.get({ user_id_or_email: owner.email, slim_presence: true });
      expect(ownAddress).toEqual(slim);
      return { byId, byEmail, slim, idle, atThreshold, offline, old, raw, hiddenEmail, byDummy };
    },
  ),

  scenario('presence: errors of GET /users/{user_id_or_email}/presence', async (t) => {
    const member = t.client('member');
    const errors = {
      unknownId: await failure(member.presence.get({ user_id_or_email: 999 })),
      unknownEmail: await failure(member.presence.get({ user_id_or_email: 'nobody@teamchat.example' })),
      bot: await failure(member.presence.get({ user_id_or_email: t.accounts.bot.userId })),
      botByEmail: await failure(member.presence.get({ user_id_or_email: t.accounts.bot.email })),
      noDataById: await failure(member.presence.get({ user_id_or_email: t.accounts.guest.userId })),
      noDataByEmail: await failure(member.presence.get({ user_id_or_email: t.accounts.guest.email })),
      rawNoData: await t.raw('GET', `/users/${t.accounts.guest.userId}/presence`, { role: 'member' }),
    };
    expect(errors.unknownId).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user', status: 400 });
    expect(errors.unknownEmail.msg).toBe('No such user');
    expect(errors.bot.msg).toBe('Presence is not supported for bot users.');
    expect(errors.botByEmail.msg).toBe('Presence is not supported for bot users.');
    expect(errors.noDataById.msg).toBe(`No presence data for ${t.accounts.guest.userId}`);
    expect(errors.noDataByEmail.msg).toBe(`No presence data for ${t.accounts.guest.email}`);
    expect(errors.rawNoData).toMatchObject({
      status: 400,
      body: { result: 'error', code: 'BAD_REQUEST', msg: `No presence data for ${t.accounts.guest.userId}` },
    });
    return errors;
  }),

  scenario('presence: presence_enabled false shows the user offline to others and withholds the data', async (t) => {
    const ownerId = String(t.accounts.owner.userId);
    const watcher = await t.client('member').events.register({ event_types: ['presence'] });
    await t.client('owner').settings.update({ presence_enabled: false });
    t.clock.advance(300_000);
    // The owner comes back after 5 minutes: not stored, no event.
    const own = await t.client('owner').presence.update({ status: 'active', slim_presence: true });
    expect(own.presences?.[ownerId]).toEqual(SEEDED.owner);
    const others = {
      post: await t.client('member').presence.update({ status: 'active', slim_presence: true }),
      legacy: await t.client('member').presence.update({ status: 'active' }),
      realm: await t.client('guest').presence.getRealm(),
      single: await failure(t.client('member').presence.get({ user_id_or_email: t.accounts.owner.userId })),
      state: await t
        .client('moderator')
        .events.register({ fetch_event_types: ['presence'], event_types: ['presence'], slim_presence: true }),
    };
    expect(Object.keys(others.post.presences ?? {})).toEqual([
      String(t.accounts.administrator.userId),
      String(t.accounts.member.userId),
    ]);
    expect(others.legacy.presences).not.toHaveProperty(t.accounts.owner.email);
    expect(others.realm.presences).not.toHaveProperty(t.accounts.owner.email);
    expect(others.single.msg).toBe(`No presence data for ${t.accounts.owner.userId}`);
    expect(others.state['presences']).not.toHaveProperty(ownerId);
    const { events } = await t.client('member').events.get({ queue_id: watcher.queue_id ?? '', dont_block: true });
    // Only the member's own coming online (their first report); nothing about the owner.
    expect(events.map((e) => e['user_id'])).toEqual([t.accounts.member.userId]);
    // Turned back on, the next report is stored and announced again.
    await t.client('owner').settings.update({ presence_enabled: true });
    await t.client('owner').presence.update({ status: 'active', ping_only: true });
    const back = await t
      .client('member')
      .events.get({ queue_id: watcher.queue_id ?? '', last_event_id: 0, dont_block: true });
    expect(back.events).toEqual([
      {
        type: 'presence',
        id: 1,
        user_id: t.accounts.owner.userId,
        email: t.accounts.owner.email,
        server_timestamp: T + 300,
        presence: website('active', T + 300),
      },
    ]);
    return { own, others, events, back };
  }),

  scenario('presence: coming online sends a presence event shaped per queue', async (t) => {
    const legacyQueue = await t.client('owner').events.register({ event_types: ['presence'] });
    const slimQueue = await t.client('moderator').events.register({ event_types: ['presence'], slim_presence: true });
    const modernQueue = await t
      .client('guest')
      .events.register({ event_types: ['presence'], client_capabilities: { simplified_presence_events: true } });
    const otherTypes = await t.client('member').events.register({ event_types: ['user_settings'] });
    const member = t.client('member');
    await member.presence.update({ status: 'active', ping_only: true }); // first report: event
    t.clock.advance(60_000);
    await member.presence.update({ status: 'active', ping_only: true }); // 60 s: row moves, no event
    await t.client('owner').presence.update({ status: 'active', ping_only: true }); // active 90 s ago: no event
    await t.client('administrator').presence.update({ status: 'idle', ping_only: true }); // idle never brings online
    await t.client('administrator').presence.update({ status: 'active', ping_only: true }); // active 16 min ago: event
    t.clock.advance(131_000);
    await member.presence.update({ status: 'active', ping_only: true }); // active 131 s ago: event
    const poll = async (role: DemoRole, queue: string | null) =>
      (await t.client(role).events.get({ queue_id: queue ?? '', dont_block: true })).events;
    const seen = {
      legacy: await poll('owner', legacyQueue.queue_id),
      slim: await poll('moderator', slimQueue.queue_id),
      modern: await poll('guest', modernQueue.queue_id),
      otherTypes: await poll('member', otherTypes.queue_id),
    };
    const memberId = t.accounts.member.userId;
    const adminId = t.accounts.administrator.userId;
    expect(seen.legacy).toEqual([
      {
        type: 'presence',
        id: 0,
        user_id: memberId,
        email: t.accounts.member.email,
        server_timestamp: T,
        presence: website('active', T),
      },
      {
        type: 'presence',
        id: 1,
        user_id: adminId,
        email: t.accounts.administrator.email,
        server_timestamp: T + 60,
        presence: website('active', T + 60),
      },
      {
        type: 'presence',
        id: 2,
        user_id: memberId,
        email: t.accounts.member.email,
        server_timestamp: T + 191,
        presence: website('active', T + 191),
      },
    ]);
    expect(seen.slim).toEqual([
      { type: 'presence', id: 0, user_id: memberId, server_timestamp: T, presence: website('active', T) },
      { type: 'presence', id: 1, user_id: adminId, server_timestamp: T + 60, presence: website('active', T + 60) },
      { type: 'presence', id: 2, user_id: memberId, server_timestamp: T + 191, presence: website('active', T + 191) },
    ]);
    expect(seen.modern).toEqual([
      { type: 'presence', id: 0, presences: { [String(memberId)]: { active_timestamp: T, idle_timestamp: T } } },
      {
        type: 'presence',
        id: 1,
        presences: { [String(adminId)]: { active_timestamp: T + 60, idle_timestamp: T + 60 } },
      },
      {
        type: 'presence',
        id: 2,
        presences: { [String(memberId)]: { active_timestamp: T + 191, idle_timestamp: T + 191 } },
      },
    ]);
    expect(seen.otherTypes).toEqual([]);
    return seen;
  }),

  scenario('presence: a first idle report is an event with the legacy status from date_joined', async (t) => {
    t.clock.advance(3_600_000);
    const queue = await t.client('owner').events.register({ event_types: ['presence'] });
    await t.client('guest').presence.update({ status: 'idle', ping_only: true });
    const { events } = await t.client('owner').events.get({ queue_id: queue.queue_id ?? '', dont_block: true });
    // Never active: active = date_joined (T), connected T + 3600, so idle since the connection.
    expect(events).toEqual([
      {
        type: 'presence',
        id: 0,
        user_id: t.accounts.guest.userId,
        email: t.accounts.guest.email,
        server_timestamp: T + 3600,
        presence: website('idle', T + 3600),
      },
    ]);
    const entry = await t
      .client('member')
      .presence.get({ user_id_or_email: t.accounts.guest.userId, slim_presence: true });
    expect(entry).toEqual({ presence: { active_timestamp: T, idle_timestamp: T + 3600 } });
    return { events, entry };
  }),

  scenario('presence: the register presence block follows slim_presence and presence_history_limit_days', async (t) => {
    const member = t.client('member');
    const legacyState = await member.events.register({ fetch_event_types: ['presence'] });
    expect(legacyState).toMatchObject({
      presences: {
        [t.accounts.owner.email]: legacy('active', T - 30),
        [t.accounts.administrator.email]: legacy('idle', T - 90),
      },
      presence_last_update_id: 2,
      server_timestamp: T,
    });
    expect(Object.keys(legacyState['presences'] as object)).toHaveLength(2);
    const slimState = await member.events.register({
      fetch_event_types: ['presence'],
      slim_presence: true,
      presence_history_limit_days: 30,
    });
    expect(slimState['presences']).toEqual({
      [String(t.accounts.owner.userId)]: SEEDED.owner,
      [String(t.accounts.administrator.userId)]: SEEDED.administrator,
      [String(t.accounts.moderator.userId)]: SEEDED.moderator,
    });
    expect(slimState['presence_last_update_id']).toBe(3);
    const emptyState = await member.events.register({
      fetch_event_types: ['presence'],
      presence_history_limit_days: 0,
    });
    expect(emptyState).toMatchObject({ presences: {}, presence_last_update_id: -1, server_timestamp: T });
    const otherBlock = await member.events.register({ fetch_event_types: ['realm_user'] });
    expect(otherBlock).not.toHaveProperty('presences');
    const pick = (state: Record<string, unknown>) => ({
      presences: state['presences'],
      presence_last_update_id: state['presence_last_update_id'],
      server_timestamp: state['server_timestamp'],
    });
    return { legacyState: pick(legacyState), slimState: pick(slimState), emptyState: pick(emptyState) };
  }),

  scenario('presence: an organization with presence disabled answers nothing and sends no events', async (t) => {
    // No endpoint edits organization settings yet, so the scenario sets the flag in the store,
    // identically on both targets.
    await t.store.write((db) => db.patch('realm', 1, { presence_disabled: true }));
    const queue = await t
      .client('owner')
      .events.register({ event_types: ['presence'], fetch_event_types: ['presence', 'realm'] });
    expect(queue).toMatchObject({ presences: {}, presence_last_update_id: -1, realm_presence_disabled: true });
    const results = {
      legacy: await t.client('member').presence.update({ status: 'active' }),
      modern: await t.client('member').presence.update({ status: 'active', last_update_id: 2 }),
      realm: await t.client('member').presence.getRealm(),
      single: await failure(t.client('member').presence.get({ user_id_or_email: t.accounts.owner.userId })),
    };
    expect(results.legacy).toEqual({ presences: {}, server_timestamp: T, presence_last_update_id: -1 });
    expect(results.modern).toEqual({ presences: {}, server_timestamp: T, presence_last_update_id: -1 });
    expect(results.realm).toEqual({ presences: {}, server_timestamp: T });
    expect(results.single.msg).toBe(`No presence data for ${t.accounts.owner.userId}`);
    const { events } = await t.client('owner').events.get({ queue_id: queue.queue_id ?? '', dont_block: true });
    expect(events).toEqual([]);
    // Reports are still stored: turned back on, the member's report is there.
    await t.store.write((db) => db.patch('realm', 1, { presence_disabled: false }));
    const reenabled = await t.client('owner').presence.update({ status: 'active', last_update_id: 3 });
    expect(reenabled.presences).toEqual({
      [String(t.accounts.member.userId)]: { active_timestamp: T, idle_timestamp: T },
    });
    return { results, events, reenabled };
  }),

  scenario('presence: permission matrix of the presence endpoints by role', async (t) => {
    const observed: Record<string, Record<string, unknown>> = {};
    for (const row of PERMISSION_MATRIX) {
      const cells: Record<string, unknown> = {};
      for (const role of ROLES) {
        const result = await outcome(row.call(t.client(role), t));
        cells[role] = 'ok' in result ? 'allow' : { deny: result.error };
      }
      observed[row.endpoint] = cells;
      const decisions = Object.fromEntries(
        Object.entries(cells).map(([role, cell]) => [role, cell === 'allow' ? 'allow' : 'deny']),
      );
      expect(decisions, row.endpoint).toEqual(row.expect);
    }
    expect(observed['POST /users/me/presence']?.['bot']).toEqual({
      deny: { code: 'BAD_REQUEST', msg: 'This endpoint does not accept bot requests.', status: 400, extra: {} },
    });
    return observed;
  }),
];
