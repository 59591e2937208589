import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { expectConsistent } from '../shared/consistency.js';

/** PATCH /realm: organization settings, who may change them, and their events. */
export const realmScenarios: Scenario[] = [
  scenario(
    'realm: administrators change organization settings; owners only retention and web-public creation',
    async (t) => {
      const admin = t.client('administrator');
      const owner = t.client('owner');
      const answer = await admin.realm.update({
        name: 'Teamchat Org',
        allow_message_editing: false,
        message_content_edit_limit_seconds: 'unlimited',
        message_edit_history_visibility_policy: 'moves',
        default_language: 'de',
      });
      expect(answer).toEqual({
        name: 'updated',
        allow_message_editing: false,
        message_content_edit_limit_seconds: null,
        message_edit_history_visibility_policy: 'updated',
        default_language: 'updated',
      });
      expect(await admin.realm.update({ name: 'Teamchat Org' })).toEqual({});
      const state = await t.client('member').events.register({ fetch_event_types: ['realm'] });
      expect(state).toMatchObject({
        realm_name: 'Teamchat Org',
        realm_allow_message_editing: false,
        realm_message_content_edit_limit_seconds: null,
        realm_message_edit_history_visibility_policy: 'moves',
        realm_allow_edit_history: true,
        realm_default_language: 'de',
      });
      const members = (await owner.userGroups.list({})).user_groups.find((g) => g.name === 'role:moderators')?.id ?? 0;
      const errors = {
        member: await failure(t.client('member').realm.update({ name: 'Mine' })),
        retention: await failure(admin.realm.update({ message_retention_days: 30 })),
        webPublic: await failure(admin.realm.update({ can_create_web_public_channel_group: { new: members } })),
        language: await failure(admin.realm.update({ default_language: 'xx' })),
        longName: await failure(admin.realm.update({ name: 'x'.repeat(41) })),
        channel: await failure(admin.realm.update({ new_stream_announcements_stream_id: 999 })),
        mismatch: await failure(admin.realm.update({ can_create_groups: { new: members, old: members } })),
      };
      expect(errors.member).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
      expect(errors.retention).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' });
      expect(errors.webPublic.msg).toBe('Must be an organization owner');
      expect(errors.language.msg).toBe("Invalid language 'xx'");
      expect(errors.longName.msg).toBe('name is too long (limit: 40 characters)');
      expect(errors.channel.msg).toBe('Invalid channel ID');
      expect(errors.mismatch.code).toBe('EXPECTATION_MISMATCH');
      expect(await owner.realm.update({ message_retention_days: 'unlimited' })).toEqual({});
      expect(
        await owner.realm.update({ message_retention_days: 30, can_create_public_channel_group: { new: members } }),
      ).toEqual({
        message_retention_days: 30,
        can_create_public_channel_group: members,
      });
      // The member may no longer create public channels.
      const denied = await failure(t.client('member').channels.create({ name: 'nope', subscribers: [] }));
      expect(denied.code).toBe('BAD_REQUEST');
      return { answer, errors, denied };
    },
  ),

  scenario('events: state + events = fresh state, for organization settings', async (t) => {
    const owner = t.client('owner');
    const groups = (await owner.userGroups.list({})).user_groups;
    const id = (name: string) => groups.find((g) => g.name === name)?.id ?? 0;
    const seen: Record<string, string[]> = {};
    seen['settings'] = await expectConsistent(t, 'member', () =>
      owner.realm.update({
        name: 'Renamed',
        description: 'New **words**',
        topics_policy: 'disable_empty_topic',
        message_edit_history_visibility_policy: 'none',
        message_content_delete_limit_seconds: 60,
      }),
    );
    seen['groups'] = await expectConsistent(t, 'member', () =>
      owner.realm.update({
        can_create_public_channel_group: { new: id('role:administrators') },
        can_mention_many_users_group: { new: id('role:members') },
        can_invite_users_group: { new: id('role:moderators') },
      }),
    );
    seen['announcements'] = await expectConsistent(t, 'member', () =>
      owner.realm.update({ new_stream_announcements_stream_id: -1 }),
    );
    // The message-editing settings and topics_policy keep the real server's update_dict form.
    seen['editing'] = await expectConsistent(t, 'member', () =>
      owner.realm.update({
        allow_message_editing: false,
        message_content_edit_limit_seconds: 300,
        topics_policy: 'allow_empty_topic',
      }),
    );
    seen['jitsi'] = await expectConsistent(t, 'member', () =>
      owner.realm.update({ jitsi_server_url: 'https://jitsi.example.com' }),
    );
    seen['jitsi default'] = await expectConsistent(t, 'member', () =>
      owner.realm.update({ jitsi_server_url: 'default' }),
    );
    expect(seen['groups']).toEqual(['realm:update_dict', 'realm:update_dict', 'realm:update_dict']);
    expect(seen['settings']).toEqual([
      'realm:update',
      'realm:update',
      'realm:update',
      'realm:update',
      'realm:update_dict',
    ]);
    expect(seen['editing']).toEqual(['realm:update_dict', 'realm:update_dict', 'realm:update_dict']);
    expect([seen['jitsi'], seen['jitsi default']]).toEqual([['realm:update'], ['realm:update']]);
    return seen;
  }),

  scenario(
    'realm: the real event forms of the message-editing settings and topics_policy; jitsi_server_url accepted with its event',
    async (t) => {
      const owner = t.client('owner');
      const queue = await owner.events.register({ event_types: ['realm'] });
      const answer = await owner.realm.update({
        allow_message_editing: false,
        message_content_edit_limit_seconds: 'unlimited',
        topics_policy: 'disable_empty_topic',
        jitsi_server_url: 'https://jitsi.example.com',
      });
      const back = await owner.realm.update({ jitsi_server_url: 'default' });
      const unchanged = await owner.realm.update({ jitsi_server_url: 'default' });
      const bad = await failure(owner.realm.update({ jitsi_server_url: 'not a url' }));
      const { events } = await owner.events.get({ queue_id: queue.queue_id ?? '', dont_block: true });
      const state = await owner.events.register({ fetch_event_types: ['realm'] });
      expect(answer).toEqual({
        allow_message_editing: false,
        message_content_edit_limit_seconds: null,
        topics_policy: 'updated',
        jitsi_server_url: 'updated',
      });
      expect(back).toEqual({ jitsi_server_url: null });
      expect(unchanged).toEqual({});
      expect(bad).toMatchObject({ code: 'BAD_REQUEST', msg: 'jitsi_server_url is not an allowed_type' });
      expect(events.map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'realm', op: 'update_dict', property: 'default', data: { allow_message_editing: false } },
        { type: 'realm', op: 'update_dict', property: 'default', data: { message_content_edit_limit_seconds: null } },
        {
          type: 'realm',
          op: 'update_dict',
          property: 'default',
          data: { topics_policy: 'disable_empty_topic', mandatory_topics: true },
        },
        { type: 'realm', op: 'update', property: 'jitsi_server_url', value: 'https://jitsi.example.com' },
        { type: 'realm', op: 'update', property: 'jitsi_server_url', value: null },
      ]);
      expect(state).toMatchObject({
        realm_jitsi_server_url: null,
        jitsi_server_url: 'https://meet.jit.si',
        realm_mandatory_topics: true,
      });
      return { answer, back, bad, events };
    },
  ),
];
