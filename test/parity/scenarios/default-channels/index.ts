import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** POST and DELETE /default_streams. */
export const defaultChannelScenarios: Scenario[] = [
  scenario(
    'default-channels: administrators add and remove default channels; members and guests see the list',
    async (t) => {
      const admin = t.client('administrator');
      const engineering = (await admin.channels.getId({ stream: 'engineering' })).stream_id;
      const general = (await admin.channels.getId({ stream: 'general' })).stream_id;
      const queue = await t.client('member').events.register({ event_types: ['default_streams'] });
      await admin.defaultChannels.add({ stream_id: engineering });
      await admin.defaultChannels.add({ stream_id: engineering });
      const member = await t.client('member').events.register({ fetch_event_types: ['default_streams'] });
      const guest = await t.client('guest').events.register({ fetch_event_types: ['default_streams'] });
      expect(member['realm_default_streams']).toEqual([general, engineering]);
      expect(guest['realm_default_streams']).toEqual([]);
      await admin.defaultChannels.remove({ stream_id: general });
      const { id: secret } = await t
        .client('owner')
        .channels.create({ name: 'secret', subscribers: [], invite_only: true });
      const errors = {
        member: await failure(t.client('member').defaultChannels.add({ stream_id: general })),
        private: await failure(t.client('owner').defaultChannels.add({ stream_id: secret })),
        unknown: await failure(admin.defaultChannels.remove({ stream_id: 999 })),
      };
      expect(errors.member).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
      expect(errors.private.msg).toBe('Private channels cannot be made default.');
      expect(errors.unknown.msg).toBe('Invalid channel ID');
      const { events } = await t.client('member').events.get({ queue_id: queue.queue_id ?? '', dont_block: true });
      expect(events.map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'default_streams', default_streams: [general, engineering] },
        { type: 'default_streams', default_streams: [engineering] },
      ]);
      return { errors, events };
    },
  ),
];
