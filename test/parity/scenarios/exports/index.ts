import { expect } from 'vitest';
import { failure, scenario, type Scenario, type ScenarioContext } from '../../harness.js';

/** Waits until the export job finished and returns the exports, with URLs relative to the site. */
async function exportsAfterJob(t: ScenarioContext) {
  await t.settle();
  const { exports } = await t.client('owner').exports.list({});
  return exports.map((entry) => ({
    ...entry,
    export_url: entry.export_url === null ? null : new URL(entry.export_url).pathname,
  }));
}

/** The realm_export events waiting for `role`, without their IDs. */
async function exportEvents(t: ScenarioContext, role: 'owner' | 'administrator' | 'member', queueId: string) {
  const { events } = await t.client(role).events.get({ queue_id: queueId, dont_block: true });
  return events.map(({ id: _id, ...event }) => event);
}

/** POST /export/realm, GET /export/realm, GET /export/realm/consents; the job and its file. */
export const exportScenarios: Scenario[] = [
  scenario(
    'exports: a public export runs after the answer, administrators hear of it, the file downloads',
    async (t) => {
      const owner = t.client('owner');
      const queues = {
        owner: (await owner.events.register({ event_types: ['realm_export'], fetch_event_types: [] })).queue_id ?? '',
        administrator:
          (await t.client('administrator').events.register({ event_types: ['realm_export'], fetch_event_types: [] }))
            .queue_id ?? '',
        member:
          (await t.client('member').events.register({ event_types: ['realm_export'], fetch_event_types: [] }))
            .queue_id ?? '',
      };
      const created = await owner.exports.create({});
      expect(created).toEqual({ id: 1 });
      const exports = await exportsAfterJob(t);
      const time = t.clock.now() / 1000;
      expect(exports).toEqual([
        {
          id: 1,
          acting_user_id: t.accounts.owner.userId,
          export_time: time,
          export_url: expect.stringMatching(
            /^\/user_avatars\/exports\/1\/[A-Za-z0-9]{24}\/teamchat-export-[a-z0-9-]+\.json$/,
          ),
          deleted_timestamp: null,
          failed_timestamp: null,
          pending: false,
          export_type: 1,
        },
      ]);
      const pending = { ...exports[0], export_url: null, pending: true };
      const ownerEvents = await exportEvents(t, 'owner', queues.owner);
      expect(
        ownerEvents.map((event) => (event as unknown as { exports: { pending: boolean }[] }).exports[0]?.pending),
      ).toEqual([true, false]);
      expect(ownerEvents[0]).toEqual({ type: 'realm_export', exports: [pending] });
      expect(await exportEvents(t, 'administrator', queues.administrator)).toHaveLength(2);
      expect(await exportEvents(t, 'member', queues.member)).toEqual([]);

      const url = String(exports[0]?.export_url);
      const file = await t.download(url);
      expect([file.status, file.headers['content-type'], file.headers['content-disposition']]).toEqual([
        200,
        'application/json',
        `attachment; filename="${url.slice(url.lastIndexOf('/') + 1)}"`,
      ]);
      const fixture = JSON.parse(file.text) as {
        users: { email: string; api_key?: string }[];
        messages: { channel?: string; to?: string[] }[];
        channels: { name: string }[];
      };
      // A public export: no credentials, no direct messages, no private channel's messages.
      expect(fixture.users.every((user) => user.api_key === undefined)).toBe(true);
      expect(fixture.messages.every((message) => message.channel !== undefined)).toBe(true);
      const gone = await t.download(url.replace(/\/[A-Za-z0-9]{24}\//, '/AAAAAAAAAAAAAAAAAAAAAAAA/'));
      expect(gone.status).toBe(404);
      return {
        exports: exports.map((entry) => ({
          ...entry,
          export_url: entry.export_url?.replace(/[A-Za-z0-9]{24}\/teamchat-export-.*$/, '…'),
        })),
        users: fixture.users.length,
        messages: fixture.messages.length,
      };
    },
  ),

  scenario('exports: standard exports need an owner who consents; consents and their events', async (t) => {
    const owner = t.client('owner');
    const refused = await failure(owner.exports.create({ export_type: 2 }));
    expect(refused).toEqual({
      code: 'BAD_REQUEST',
      msg: 'Make sure at least one Organization Owner is consenting to the export or contact admin@teamchat.test for help.',
      status: 400,
      extra: {},
    });
    const { queue_id } = await t
      .client('administrator')
      .events.register({ event_types: ['realm_export_consent'], fetch_event_types: [] });
    await t.client('member').settings.update({ allow_private_data_export: true });
    const events = await exportEvents(t, 'administrator', queue_id ?? '');
    expect(events).toEqual([{ type: 'realm_export_consent', user_id: t.accounts.member.userId, consented: true }]);
    const { export_consents } = await owner.exports.consents({});
    expect(export_consents.find((consent) => consent.user_id === t.accounts.member.userId)).toEqual({
      user_id: t.accounts.member.userId,
      consented: true,
    });
    expect(export_consents.some((consent) => consent.user_id === t.accounts.bot.userId)).toBe(false);
    // Still no owner consenting.
    expect((await failure(owner.exports.create({ export_type: 2 }))).msg).toMatch(
      /^Make sure at least one Organization Owner is consenting/,
    );
    await owner.settings.update({ allow_private_data_export: true });
    expect(await owner.exports.create({ export_type: 2 })).toEqual({ id: 1 });
    const [standard] = await exportsAfterJob(t);
    expect(standard).toMatchObject({ id: 1, export_type: 2, pending: false });
    const fixture = JSON.parse((await t.download(String(standard?.export_url))).text) as {
      messages: { channel?: string }[];
    };
    return {
      refused,
      events,
      consents: export_consents,
      messages: fixture.messages.length,
      directMessages: fixture.messages.filter((message) => message.channel === undefined).length,
    };
  }),

  scenario(
    'exports: errors: bad export_type, a public export with no owner email visible to admins, the weekly limit, members',
    async (t) => {
      const owner = t.client('owner');
      const badType = await t.raw('POST', '/export/realm', { role: 'owner', params: { export_type: '3' } });
      expect(badType.status).toBe(400);
      const member = await failure(t.client('member').exports.create({}));
      const memberList = await failure(t.client('member').exports.list({}));
      const memberConsents = await failure(t.client('moderator').exports.consents({}));
      expect([member.code, memberList.code, memberConsents.code]).toEqual([
        'UNAUTHORIZED_PRINCIPAL',
        'UNAUTHORIZED_PRINCIPAL',
        'UNAUTHORIZED_PRINCIPAL',
      ]);
      await owner.settings.update({ email_address_visibility: 4 });
      const hidden = await failure(owner.exports.create({}));
      expect(hidden.msg).toBe(
        'Make sure at least one Organization Owner allows other Administrators to see their email address or contact admin@teamchat.test for help',
      );
      await owner.settings.update({ email_address_visibility: 3 });
      for (let i = 0; i < 5; i += 1) await t.client('administrator').exports.create({});
      const limited = await failure(owner.exports.create({}));
      expect(limited).toEqual({ code: 'BAD_REQUEST', msg: 'Exceeded rate limit.', status: 400, extra: {} });
      // A week later the limit has passed.
      t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
      expect(await owner.exports.create({})).toEqual({ id: 6 });
      await t.settle();
      return { badType: badType.body, member, hidden, limited, count: (await owner.exports.list({})).exports.length };
    },
  ),
];
