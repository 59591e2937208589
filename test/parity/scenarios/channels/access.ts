import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { eventReader } from './helpers.js';
import { groupIds, uid } from '../user-groups/helpers.js';

/**
 * Channel access (issue 5): metadata access vs content access in GET /streams and its flags,
 * GET /streams/{id}, GET /get_stream_id and GET /streams/{id}/members; archived channels.
 */
export const channelAccessScenarios: Scenario[] = [
  scenario(
    'channels: GET /streams flags and GET /streams/{id} follow metadata access, content access and roles',
    async (t) => {
      const ids = await groupIds(t);
      const owner = t.client('owner');
      // A private channel the moderator administers without being subscribed (metadata access only).
      const { id: vault } = await owner.channels.create({
        name: 'vault',
        subscribers: [uid(t, 'owner')],
        invite_only: true,
        can_administer_channel_group: { direct_members: [uid(t, 'owner'), uid(t, 'moderator')], direct_subgroups: [] },
      });
      // A private channel members may join (content access through can_subscribe_group).
      const { id: club } = await owner.channels.create({
        name: 'club',
        subscribers: [uid(t, 'owner')],
        invite_only: true,
        can_subscribe_group: ids['role:members'] as number,
      });
      const names = (list: { streams: { name: string }[] }) => list.streams.map((s) => s.name);
      const views = {
        member: names(await t.client('member').channels.list()),
        memberAll: names(await t.client('member').channels.list({ include_all: true })),
        memberContent: names(
          await t
            .client('member')
            .channels.list({ include_public: false, include_subscribed: false, include_can_access_content: true }),
        ),
        moderatorAll: names(await t.client('moderator').channels.list({ include_all: true })),
        moderatorContent: names(
          await t
            .client('moderator')
            .channels.list({ include_public: false, include_subscribed: false, include_can_access_content: true }),
        ),
        administratorAll: names(await t.client('administrator').channels.list({ include_all: true })),
        administratorAllActive: names(await t.client('administrator').channels.list({ include_all_active: true })),
        guest: names(await t.client('guest').channels.list({ include_all: true, include_public: true })),
        bot: names(
          await t
            .client('bot')
            .channels.list({ include_public: false, include_subscribed: false, include_owner_subscribed: true }),
        ),
        webPublic: names(
          await t
            .client('member')
            .channels.list({ include_public: false, include_subscribed: false, include_web_public: true }),
        ),
      };
      expect(views).toEqual({
        member: ['engineering', 'general'],
        memberAll: ['club', 'engineering', 'general'],
        memberContent: ['club', 'engineering', 'general'],
        moderatorAll: ['club', 'engineering', 'general', 'vault'],
        moderatorContent: ['club', 'engineering', 'general'],
        administratorAll: ['club', 'engineering', 'general', 'vault'],
        administratorAllActive: ['club', 'engineering', 'general', 'vault'],
        guest: ['general'],
        bot: ['club', 'engineering', 'general', 'vault'],
        webPublic: [],
      });
      const single = {
        moderatorVault: (await t.client('moderator').channels.get({ stream_id: vault })).stream.name,
        memberVault: await failure(t.client('member').channels.get({ stream_id: vault })),
        memberClub: (await t.client('member').channels.get({ stream_id: club })).stream.name,
        guestEngineering: await failure(t.client('guest').channels.get({ stream_id: 2 })),
        unknown: await failure(t.client('owner').channels.get({ stream_id: 999 })),
      };
      expect(single.memberVault).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid channel ID', status: 400 });
      expect(single.guestEngineering.msg).toBe('Invalid channel ID');
      expect(single.unknown.msg).toBe('Invalid channel ID');
      const byName = {
        member: await t.client('member').channels.getId({ stream: ' GENERAL ' }),
        moderatorVault: await failure(t.client('moderator').channels.getId({ stream: 'vault' })),
        guest: await failure(t.client('guest').channels.getId({ stream: 'engineering' })),
      };
      expect(byName.member).toMatchObject({ stream_id: 1 });
      expect(byName.moderatorVault.msg).toBe("Invalid channel name 'vault'");
      const members = {
        moderatorVault: await t.client('moderator').channels.listSubscribers({ stream_id: vault }),
        general: await t.client('guest').channels.listSubscribers({ stream_id: 1 }),
        memberVault: await failure(t.client('member').channels.listSubscribers({ stream_id: vault })),
      };
      expect(members.moderatorVault.subscribers).toEqual([uid(t, 'owner')]);
      expect(members.memberVault.msg).toBe('Invalid channel ID');
      const notAdmin = await failure(t.client('member').channels.list({ include_all_active: true }));
      return { views, single, byName, members, notAdmin };
    },
  ),

  scenario(
    'channels: archiving hides the channel, refuses new messages, sends the right events; PATCH unarchives',
    async (t) => {
      const owner = t.client('owner');
      const register = async (role: 'member' | 'guest', archived: boolean) =>
        eventReader(
          t,
          role,
          (
            await t.client(role).events.register({
              event_types: ['stream', 'default_streams', 'realm'],
              client_capabilities: { archived_channels: archived },
            })
          ).queue_id,
        );
      const modern = await register('member', true);
      const legacy = await register('guest', false);
      const legacyMember = eventReader(
        t,
        'member',
        (await t.client('member').events.register({ event_types: ['stream'] })).queue_id,
      );
      const refused = await failure(t.client('member').channels.archive({ stream_id: 1 }));
      expect(refused).toMatchObject({ code: 'CANNOT_ADMINISTER_CHANNEL', status: 400 });
      await owner.channels.archive({ stream_id: 1 });
      const again = await failure(owner.channels.archive({ stream_id: 1 }));
      expect(again.msg).toBe('Channel is already deactivated');
      const archiveEvents = { modern: await modern(), legacy: await legacy(), legacyMember: await legacyMember() };
      expect(archiveEvents.modern.filter((e) => e['type'] === 'stream')).toEqual([
        { type: 'stream', op: 'update', stream_id: 1, name: 'general', property: 'is_archived', value: true },
      ]);
      expect(archiveEvents.legacyMember).toEqual([
        { type: 'stream', op: 'delete', stream_ids: [1], streams: [{ stream_id: 1 }] },
      ]);
      expect(archiveEvents.modern.some((e) => e['type'] === 'default_streams')).toBe(true);
      expect(archiveEvents.modern).toContainEqual({
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        data: { new_stream_announcements_stream_id: -1 },
      });
      const after = {
        list: (await t.client('member').channels.list()).streams.map((s) => s.name),
        listArchived: (await t.client('member').channels.list({ exclude_archived: false })).streams.map((s) => [
          s.name,
          s.is_archived,
        ]),
        get: await failure(t.client('member').channels.get({ stream_id: 1 })),
        send: await failure(
          t.client('member').messages.send({ type: 'stream', to: 'general', topic: 'hi', content: 'anyone?' }),
        ),
        notice: (
          await owner.messages.list({
            anchor: 'newest',
            num_before: 1,
            num_after: 0,
            narrow: [{ operator: 'channel', operand: 'general' }],
            apply_markdown: false,
          })
        ).messages.map((m) => [m.subject, m.content]),
      };
      expect(after.list).toEqual(['engineering']);
      expect(after.listArchived).toEqual([
        ['engineering', false],
        ['general', true],
      ]);
      expect(after.get.msg).toBe('Invalid channel ID');
      expect(after.send.msg).toBe("Not authorized to send to channel 'general'");
      expect(after.notice).toEqual([['channel events', 'Channel #**general** has been archived.']]);
      const notArchived = await failure(owner.channels.update({ stream_id: 2, is_archived: false }));
      expect(notArchived.msg).toBe('Channel is not currently deactivated');
      await owner.channels.update({ stream_id: 1, is_archived: false });
      const unarchiveEvents = { modern: await modern(), legacy: await legacy() };
      expect(unarchiveEvents.modern.filter((e) => e['type'] === 'stream')[0]).toEqual({
        type: 'stream',
        op: 'update',
        stream_id: 1,
        name: 'general',
        property: 'is_archived',
        value: false,
      });
      expect(unarchiveEvents.legacy.filter((e) => e['type'] === 'stream')[0]).toMatchObject({
        type: 'stream',
        op: 'create',
        streams: [{ stream_id: 1, is_archived: false }],
      });
      expect((await t.client('member').channels.get({ stream_id: 1 })).stream.is_archived).toBe(false);
      return { archiveEvents, after, unarchiveEvents };
    },
  ),
];
