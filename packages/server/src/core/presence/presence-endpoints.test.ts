import { isApiError } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { Store } from '../../store/store.js';
import { createCore } from '../create-core.js';
import type { Db } from '../model/db.js';
import { seededRandomBytes } from '../internal/seeded-random.js';
import { seedDemoOrganization, type DemoRole } from '../seed/demo-organization.js';
import { createTrpcCaller } from '../../trpc/trpc-handler.js';

const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const T = START / 1000;

/** A demo organization on a memory store with a fake clock, and tRPC callers per role. */
async function setup(options: { store?: Store<Db> } = {}) {
  let now = START;
  const clock = () => now;
  const store = options.store ?? new Store<Db>();
  const core = createCore({ store, now: clock, random: seededRandomBytes(2) });
  const accounts = options.store
    ? []
    : await seedDemoOrganization({ ...core.services, random: seededRandomBytes(1) }, { passwordIterations: 1 });
  const idOf = (role: DemoRole) => accounts.find((a) => a.role === role)?.userId ?? 0;
  const as = (role: DemoRole) => {
    const user = store.get('users', idOf(role));
    if (!user) throw new Error(`no ${role}`);
    return createTrpcCaller(core, { authorization: null, userAgent: 'vitest' }, user);
  };
  return {
    store,
    core,
    as,
    idOf,
    advance(seconds: number) {
      now += seconds * 1000;
    },
  };
}

async function errorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (isApiError(cause)) return cause.msg;
    if (isApiError(error)) return error.msg;
    throw error;
  }
  throw new Error('expected an error');
}

describe('presence.update', () => {
  it('answers the seeded rows in the legacy format, keyed by API email, over 14 days', async () => {
    const t = await setup();
    const answer = await t.as('member').presence.update({ status: 'active', ping_only: false });
    expect(answer.server_timestamp).toBe(T);
    expect(answer.presence_last_update_id).toBe(4);
    expect(Object.keys(answer.presences ?? {})).toEqual([
      'olivia@teamchat.example',
      'adam@teamchat.example',
      'mike@teamchat.example',
    ]);
    expect(answer.presences?.['adam@teamchat.example']).toEqual({
      aggregated: { client: 'website', status: 'idle', timestamp: T - 90 },
      website: { client: 'website', status: 'idle', timestamp: T - 90, pushable: false },
    });
  });

  it('includes the caller’s own report in the same answer', async () => {
    const t = await setup();
    const answer = await t.as('guest').presence.update({ status: 'idle', slim_presence: true });
    expect(answer.presences?.[String(t.idOf('guest'))]).toEqual({ active_timestamp: Math.floor(T), idle_timestamp: T });
  });

  it('answers only rows changed after last_update_id, echoing it when nothing changed', async () => {
    const t = await setup();
    const first = await t.as('member').presence.update({ status: 'active', last_update_id: -1 });
    expect(first.presence_last_update_id).toBe(4);
    const again = await t.as('member').presence.update({ status: 'active', last_update_id: 4 });
    expect(again).toMatchObject({ presences: {}, presence_last_update_id: 4 });
    t.advance(60);
    await t.as('guest').presence.update({ status: 'active', ping_only: true });
    const next = await t.as('member').presence.update({ status: 'active', last_update_id: 4 });
    expect(next.presences).toEqual({
      [String(t.idOf('member'))]: { active_timestamp: T + 60, idle_timestamp: T + 60 },
      [String(t.idOf('guest'))]: { active_timestamp: T + 60, idle_timestamp: T + 60 },
    });
    expect(next.presence_last_update_id).toBe(6);
  });

  it('bounds a full fetch by history_limit_days, and answers nothing for 0', async () => {
    const t = await setup();
    const all = await t.as('member').presence.update({ status: 'idle', slim_presence: true, history_limit_days: 30 });
    expect(Object.keys(all.presences ?? {})).toContain(String(t.idOf('moderator')));
    const none = await t.as('member').presence.update({ status: 'idle', last_update_id: -1, history_limit_days: 0 });
    expect(none).toMatchObject({ presences: {}, presence_last_update_id: -1 });
    const ignored = await t.as('member').presence.update({ status: 'idle', last_update_id: 1, history_limit_days: 0 });
    expect(Object.keys(ignored.presences ?? {}).length).toBeGreaterThan(0);
  });

  it('keeps the update sequence across a restart of the store', async () => {
    const t = await setup();
    await t.as('member').presence.update({ status: 'active', ping_only: true });
    const restarted = await setup({ store: new Store<Db>(t.store.snapshot()) });
    const member = t.store.get('users', t.idOf('member'));
    if (!member) throw new Error('no member');
    const caller = createTrpcCaller(restarted.core, { authorization: null, userAgent: 'vitest' }, member);
    restarted.advance(3600);
    // The member's first report took ID 4 (after the three seeded rows); a sequence that
    // restarted would hand out 1 again, and the answer would miss the new report.
    const answer = await caller.presence.update({ status: 'active', last_update_id: 4 });
    expect(answer.presence_last_update_id).toBe(5);
    expect(answer.presences).toEqual({ [String(member.id)]: { active_timestamp: T + 3600, idle_timestamp: T + 3600 } });
  });

  it('answers an empty map and -1 when the organization disables presence, and sends no event', async () => {
    const t = await setup();
    await t.store.write((db) => db.patch('realm', 1, { presence_disabled: true }));
    const state = await t.as('owner').events.register({ event_types: ['presence'] });
    const answer = await t.as('guest').presence.update({ status: 'active', last_update_id: 2 });
    expect(answer).toMatchObject({ presences: {}, presence_last_update_id: -1 });
    expect(state).toMatchObject({ presences: {}, presence_last_update_id: -1 });
    const { events } = await t.as('owner').events.get({ queue_id: state.queue_id ?? '', dont_block: true });
    expect(events).toEqual([]);
    expect(await errorOf(t.as('member').presence.get({ user_id_or_email: t.idOf('owner') }))).toBe(
      `No presence data for ${t.idOf('owner')}`,
    );
  });

  it('rejects an unknown status', async () => {
    const t = await setup();
    expect(await errorOf(t.as('member').presence.update({ status: 'away' }))).toBe('Invalid status: away');
  });
});

describe('presence_enabled false', () => {
  it('stores no report and withholds the row from others, but not from the user', async () => {
    const t = await setup();
    await t.as('owner').settings.update({ presence_enabled: false });
    t.advance(3600);
    const own = await t.as('owner').presence.update({ status: 'active', slim_presence: true });
    expect(own.presences?.[String(t.idOf('owner'))]).toEqual({ active_timestamp: T - 30, idle_timestamp: T - 30 });
    const other = await t
      .as('member')
      .presence.update({ status: 'active', slim_presence: true, history_limit_days: 30 });
    expect(other.presences?.[String(t.idOf('owner'))]).toBeUndefined();
    expect(await errorOf(t.as('member').presence.get({ user_id_or_email: t.idOf('owner') }))).toBe(
      `No presence data for ${t.idOf('owner')}`,
    );
  });
});

describe('presence events', () => {
  it('shape themselves per queue and go out only when a user comes online', async () => {
    const t = await setup();
    const legacy = await t.as('owner').events.register({ event_types: ['presence'] });
    const slim = await t.as('administrator').events.register({ event_types: ['presence'], slim_presence: true });
    const modern = await t
      .as('moderator')
      .events.register({ event_types: ['presence'], client_capabilities: { simplified_presence_events: true } });
    await t.as('member').presence.update({ status: 'active', ping_only: true });
    t.advance(100);
    await t.as('member').presence.update({ status: 'active', ping_only: true });
    const memberId = t.idOf('member');
    const eventsOf = async (role: DemoRole, queue: string | null) =>
      (await t.as(role).events.get({ queue_id: queue ?? '', dont_block: true })).events;
    expect(await eventsOf('owner', legacy.queue_id)).toEqual([
      {
        type: 'presence',
        id: 0,
        user_id: memberId,
        email: 'mike@teamchat.example',
        server_timestamp: T,
        presence: { website: { client: 'website', status: 'active', timestamp: T, pushable: false } },
      },
    ]);
    expect(await eventsOf('administrator', slim.queue_id)).toEqual([
      {
        type: 'presence',
        id: 0,
        user_id: memberId,
        server_timestamp: T,
        presence: { website: { client: 'website', status: 'active', timestamp: T, pushable: false } },
      },
    ]);
    expect(await eventsOf('moderator', modern.queue_id)).toEqual([
      { type: 'presence', id: 0, presences: { [String(memberId)]: { active_timestamp: T, idle_timestamp: T } } },
    ]);
    t.advance(131);
    await t.as('member').presence.update({ status: 'active', ping_only: true });
    expect(await eventsOf('moderator', modern.queue_id)).toEqual([
      { type: 'presence', id: 0, presences: { [String(memberId)]: { active_timestamp: T, idle_timestamp: T } } },
      {
        type: 'presence',
        id: 1,
        presences: { [String(memberId)]: { active_timestamp: T + 231, idle_timestamp: T + 231 } },
      },
    ]);
  });
});

describe('presence.get', () => {
  it('finds users by ID, API email or digits in a string, and names what it cannot find', async () => {
    const t = await setup();
    const ownerId = t.idOf('owner');
    const byId = await t.as('bot').presence.get({ user_id_or_email: ownerId });
    const byEmail = await t.as('bot').presence.get({ user_id_or_email: 'OLIVIA@teamchat.example' });
    const byDigits = await t.as('bot').presence.get({ user_id_or_email: String(ownerId) });
    expect(byId).toEqual({
      presence: {
        website: { status: 'active', timestamp: T - 30 },
        aggregated: { status: 'active', timestamp: T - 30 },
      },
    });
    expect(byEmail).toEqual(byId);
    expect(byDigits).toEqual(byId);
    t.advance(171);
    expect((await t.as('bot').presence.get({ user_id_or_email: ownerId })).presence).toMatchObject({
      aggregated: { status: 'offline' },
    });
    expect(await t.as('member').presence.get({ user_id_or_email: ownerId, slim_presence: true })).toEqual({
      presence: { active_timestamp: T - 30, idle_timestamp: T - 30 },
    });
    expect(await errorOf(t.as('member').presence.get({ user_id_or_email: 999 }))).toBe('No such user');
    expect(await errorOf(t.as('member').presence.get({ user_id_or_email: 'nobody@teamchat.example' }))).toBe(
      'No such user',
    );
    expect(await errorOf(t.as('member').presence.get({ user_id_or_email: t.idOf('bot') }))).toBe(
      'Presence is not supported for bot users.',
    );
    expect(await errorOf(t.as('member').presence.get({ user_id_or_email: 'gina@teamchat.example' }))).toBe(
      'No presence data for gina@teamchat.example',
    );
  });
});
