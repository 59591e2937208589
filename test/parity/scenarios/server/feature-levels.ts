import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { consistencyScenarios } from '../consistency/index.js';
import { MODERN_CAPABILITIES } from '../shared/consistency.js';

/** The older level these scenarios run at: the oldest one served (`OLDEST_FEATURE_LEVEL`). */
export const OLDER_LEVEL = 400;
const older = { config: { featureLevel: OLDER_LEVEL } };

/**
 * A server answering as feature level 400 (`--feature-level 400`, `createMock({ featureLevel })`):
 * what it reports, and an endpoint, a parameter, a response field, an event field and changed
 * behaviours that came after it.
 */
export const featureLevelScenarios: Scenario[] = [
  scenario(
    'older servers: server_settings, register and the SDK report the level and its version',
    async (t) => {
      const settings = await t.client(null).server.getSettings();
      const member = t.client('member');
      const state = await member.events.register({ fetch_event_types: ['realm'] });
      expect(await member.featureLevel()).toBe(OLDER_LEVEL);
      expect(settings).toMatchObject({ zulip_feature_level: OLDER_LEVEL, zulip_version: '11.0-dev-teamchat' });
      expect(state).toMatchObject({ zulip_feature_level: OLDER_LEVEL, zulip_version: '11.0-dev-teamchat' });
      await member.events.deleteQueue({ queue_id: String(state.queue_id) });
      return { level: settings.zulip_feature_level, version: settings.zulip_version, merge: state.zulip_merge_base };
    },
    older,
  ),

  scenario(
    'older servers: endpoints added after the level answer as unknown endpoints',
    async (t) => {
      // POST /channels is FL 417 (channels were created by subscribing before), PATCH /channel_folders FL 414.
      const create = await t.raw('POST', '/channels', { role: 'owner', params: { name: 'later', subscribers: '[]' } });
      const reorder = await t.raw('PATCH', '/channel_folders', { role: 'owner', params: { order: '[]' } });
      expect(create).toMatchObject({
        status: 404,
        body: { result: 'error', code: 'BAD_REQUEST', msg: 'Unknown API endpoint: POST /api/v1/channels' },
      });
      expect(reorder.status).toBe(404);
      // What an older client does instead: create the channel by subscribing to it.
      await t.client('owner').channels.subscribe({ subscriptions: [{ name: 'later' }] });
      expect((await t.client('owner').channels.getId({ stream: 'later' })).stream_id).toBeGreaterThan(0);
      return { create: create.body, reorder: reorder.body };
    },
    older,
  ),

  scenario(
    'older servers: parameters added after the level are ignored and reported',
    async (t) => {
      // web_left_sidebar_show_channel_folders is FL 411.
      const answer = await t.raw('PATCH', '/settings', {
        role: 'member',
        params: { web_left_sidebar_show_channel_folders: 'false', enter_sends: 'true' },
      });
      expect(answer.body).toMatchObject({
        result: 'success',
        ignored_parameters_unsupported: ['web_left_sidebar_show_channel_folders'],
      });
      const me = t.store.get('users', t.accounts.member.userId);
      expect(me?.settings.enter_sends).toBe(true);
      expect(me?.settings.web_left_sidebar_show_channel_folders).toBe(true);
      return answer.body;
    },
    older,
  ),

  scenario(
    'older servers: response and event fields added after the level are left out',
    async (t) => {
      const admin = t.client('administrator');
      const member = t.client('member');
      const state = (await member.events.register({
        fetch_event_types: ['channel_folders', 'realm', 'user_settings'],
      })) as Record<string, unknown>;
      // max_reminder_note_length is FL 415, channel folders' `order` FL 414, the left-sidebar folders setting FL 411.
      expect(state).not.toHaveProperty('max_reminder_note_length');
      expect(state['user_settings']).not.toHaveProperty('web_left_sidebar_show_channel_folders');
      expect(state).toHaveProperty('max_topic_length');
      await admin.channelFolders.create({ name: 'Zeta', description: '' });
      await admin.channelFolders.create({ name: 'Alpha', description: '' });
      const { channel_folders } = await member.channelFolders.list();
      expect(channel_folders.map((folder) => folder.name)).toEqual(['Zeta', 'Alpha']);
      for (const folder of channel_folders) expect(folder).not.toHaveProperty('order');
      const { events } = await member.events.get({
        queue_id: String(state['queue_id']),
        last_event_id: -1,
        dont_block: true,
      });
      const added = events.filter((event) => event.type === 'channel_folder');
      expect(added).toHaveLength(2);
      for (const event of added) expect(event['channel_folder']).not.toHaveProperty('order');
      await member.events.deleteQueue({ queue_id: String(state['queue_id']) });
      return { folders: channel_folders, events: added };
    },
    older,
  ),

  scenario(
    'older servers: behaviours that changed after the level follow the older rule',
    async (t) => {
      const owner = t.client('owner');
      const general = (await owner.channels.getId({ stream: 'general' })).stream_id;
      // "empty_topic_only" is a topics policy since FL 404.
      const policy = await failure(owner.channels.update({ stream_id: general, topics_policy: 'empty_topic_only' }));
      expect(policy).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid topics_policy', status: 400 });
      await owner.channels.update({ stream_id: general, topics_policy: 'disable_empty_topic' });
      // The simplified_presence_events capability exists since FL 419: an older server sends the legacy form.
      const member = t.client('member');
      const { queue_id } = await member.events.register({
        event_types: ['presence'],
        client_capabilities: { ...MODERN_CAPABILITIES },
      });
      await t.client('moderator').presence.update({ status: 'active' });
      const { events } = await member.events.get({ queue_id: String(queue_id), last_event_id: -1, dont_block: true });
      const presence = events.find((event) => event.type === 'presence') as Record<string, unknown> | undefined;
      expect(presence).toHaveProperty('presence');
      expect(presence).not.toHaveProperty('presences');
      await member.events.deleteQueue({ queue_id: String(queue_id) });
      return { policy, presence: Object.keys(presence ?? {}).sort() };
    },
    older,
  ),

  // The consistency test at the older level: the state of an older register plus its events is a fresh register.
  ...consistencyScenarios
    .filter((s) => /messages, flags|users, groups/.test(s.name))
    .map((s) => scenario(`older servers: ${s.name} (feature level ${OLDER_LEVEL})`, s.run, older)),
];
