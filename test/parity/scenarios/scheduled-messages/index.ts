import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** GET, POST, PATCH and DELETE /scheduled_messages, and their delivery on the server's clock. */
export const scheduledMessageScenarios: Scenario[] = [
  scenario(
    'scheduled-messages: scheduled, edited and sent when the clock reaches their time; failures are kept',
    async (t) => {
      const member = t.client('member');
      const now = Math.floor(t.clock.now() / 1000);
      const engineering = (await member.channels.getId({ stream: 'engineering' })).stream_id;
      const { scheduled_message_id: toChannel } = await member.scheduledMessages.create({
        type: 'stream',
        to: engineering,
        topic: 'later',
        content: 'Scheduled **hello**',
        scheduled_delivery_timestamp: now + 3600,
      });
      const { scheduled_message_id: direct } = await member.scheduledMessages.create({
        type: 'direct',
        to: [t.accounts.owner.userId],
        content: 'See you',
        scheduled_delivery_timestamp: now + 60,
      });
      const listed = await member.scheduledMessages.list({});
      expect(listed.scheduled_messages.map((m) => m.scheduled_message_id)).toEqual([direct, toChannel]);
      expect(listed.scheduled_messages[1]).toEqual({
        scheduled_message_id: toChannel,
        type: 'stream',
        to: engineering,
        topic: 'later',
        content: 'Scheduled **hello**',
        rendered_content: '<p>Scheduled <strong>hello</strong></p>',
        scheduled_delivery_timestamp: now + 3600,
        failed: false,
      });
      await member.scheduledMessages.update({ scheduled_message_id: direct, content: 'See you soon' });
      // The clock passes the first time: the next request runs the delivery.
      t.clock.advance(120_000);
      const afterFirst = await member.scheduledMessages.list({});
      expect(afterFirst.scheduled_messages.map((m) => m.scheduled_message_id)).toEqual([toChannel]);
      const { messages } = await t.client('owner').messages.list({
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [{ operator: 'dm', operand: [t.accounts.member.userId] }],
        apply_markdown: false,
      });
      expect(messages[0]?.content).toBe('See you soon');
      // The member leaves the channel: its message cannot be sent and is marked failed.
      await member.channels.unsubscribe({ subscriptions: ['engineering'] });
      await t.client('owner').channels.update({ stream_id: engineering, is_private: true });
      t.clock.advance(3_600_000);
      const failed = await member.scheduledMessages.list({});
      expect(failed.scheduled_messages).toMatchObject([{ scheduled_message_id: toChannel, failed: true }]);
      const errors = {
        past: await failure(
          member.scheduledMessages.create({
            type: 'direct',
            to: [t.accounts.owner.userId],
            content: 'x',
            scheduled_delivery_timestamp: now,
          }),
        ),
        noTopic: await failure(
          member.scheduledMessages.create({
            type: 'stream',
            to: (await member.channels.getId({ stream: 'general' })).stream_id,
            content: 'x',
            scheduled_delivery_timestamp: now + 99_999,
          }),
        ),
        noChannel: await failure(
          member.scheduledMessages.create({
            type: 'stream',
            to: 999,
            topic: 't',
            content: 'x',
            scheduled_delivery_timestamp: now + 99_999,
          }),
        ),
        missing: await failure(member.scheduledMessages.remove({ scheduled_message_id: 999 })),
        others: await failure(
          t.client('owner').scheduledMessages.update({ scheduled_message_id: toChannel, content: 'mine now' }),
        ),
      };
      expect(errors.past).toMatchObject({ code: 'BAD_REQUEST', msg: 'Scheduled delivery time must be in the future.' });
      expect(errors.noTopic.msg).toBe('Missing topic');
      expect(errors.noChannel.code).toBe('STREAM_DOES_NOT_EXIST');
      expect(errors.missing).toMatchObject({ msg: 'Scheduled message does not exist', status: 404 });
      expect(errors.others.status).toBe(404);
      await member.scheduledMessages.remove({ scheduled_message_id: toChannel });
      expect((await member.scheduledMessages.list({})).scheduled_messages).toEqual([]);
      return { listed, errors };
    },
  ),
];
