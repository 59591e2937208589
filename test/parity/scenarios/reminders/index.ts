import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** GET, POST and DELETE /reminders, and their delivery by the scheduled-messages job. */
export const reminderScenarios: Scenario[] = [
  scenario(
    'reminders: a reminder about a message is listed, sent by the Notification Bot when the clock reaches it, and can be cancelled',
    async (t) => {
      const member = t.client('member');
      const owner = t.client('owner');
      const now = Math.floor(t.clock.now() / 1000);
      const general = (await member.channels.getId({ stream: 'general' })).stream_id;
      const { id: channelMessage } = await owner.messages.send({
        type: 'stream',
        to: 'general',
        topic: 'plans',
        content: 'Ship on **Friday**',
      });
      const { id: directMessage } = await owner.messages.send({
        type: 'direct',
        to: [t.accounts.member.userId],
        content: 'Call me',
      });
      const { reminder_id: later } = await member.reminders.create({
        message_id: channelMessage,
        scheduled_delivery_timestamp: now + 3600,
        note: 'Check the release\n\n',
      });
      const { reminder_id: soon } = await member.reminders.create({
        message_id: directMessage,
        scheduled_delivery_timestamp: now + 60,
      });
      const listed = await member.reminders.list({});
      expect(listed.reminders.map((r) => r.reminder_id)).toEqual([soon, later]);
      const site = String((await member.server.getSettings())['realm_url']);
      const ownerMention = `@_**${t.accounts.owner.fullName}|${t.accounts.owner.userId}**`;
      const memberMention = `@_**${t.accounts.member.fullName}|${t.accounts.member.userId}**`;
      const ids = [t.accounts.owner.userId, t.accounts.member.userId].sort((a, b) => a - b);
      expect(listed.reminders[0]).toMatchObject({
        type: 'private',
        to: [t.accounts.member.userId],
        failed: false,
        scheduled_delivery_timestamp: now + 60,
        reminder_target_message_id: directMessage,
        content: `You requested a reminder for the following direct message.\n\n${ownerMention} [said](${site}/#narrow/dm/${ids.join(',')}/near/${directMessage}) to ${memberMention}:\n\`\`\`quote\nCall me\n\`\`\``,
      });
      expect(listed.reminders[1]?.content).toBe(
        `You requested a reminder for the following message. Note:\n > Check the release\n\n${ownerMention} [said](${site}/#narrow/channel/${general}-general/topic/plans/near/${channelMessage}) in #**general>plans@${channelMessage}**:\n\`\`\`quote\nShip on **Friday**\n\`\`\``,
      );
      expect(listed.reminders[1]?.rendered_content).toContain('<blockquote>');
      // Nobody else sees them; scheduled messages do not list them.
      expect((await owner.reminders.list({})).reminders).toEqual([]);
      expect((await member.scheduledMessages.list({})).scheduled_messages).toEqual([]);
      // The clock passes the first time: the next request runs the delivery.
      t.clock.advance(120_000);
      expect((await member.reminders.list({})).reminders.map((r) => r.reminder_id)).toEqual([later]);
      const { messages } = await member.messages.list({
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        apply_markdown: false,
      });
      expect(messages[0]).toMatchObject({
        sender_full_name: 'Notification Bot',
        type: 'private',
        content: listed.reminders[0]?.content,
      });
      expect(messages[0]?.flags).not.toContain('read');
      const errors = {
        past: await failure(member.reminders.create({ message_id: channelMessage, scheduled_delivery_timestamp: now })),
        noMessage: await failure(
          member.reminders.create({ message_id: 999_999, scheduled_delivery_timestamp: now + 99_999 }),
        ),
        othersDirect: await failure(
          t.client('guest').reminders.create({ message_id: directMessage, scheduled_delivery_timestamp: now + 99_999 }),
        ),
        longNote: await failure(
          member.reminders.create({
            message_id: channelMessage,
            scheduled_delivery_timestamp: now + 99_999,
            note: 'n'.repeat(1001),
          }),
        ),
        missing: await failure(member.reminders.remove({ reminder_id: 999 })),
        others: await failure(owner.reminders.remove({ reminder_id: later })),
      };
      expect(errors.past).toMatchObject({ code: 'BAD_REQUEST', msg: 'Scheduled delivery time must be in the future.' });
      expect(errors.noMessage.msg).toBe('Invalid message(s)');
      expect(errors.othersDirect.msg).toBe('Invalid message(s)');
      expect(errors.longNote.msg).toBe('Maximum reminder note length: 1000 characters');
      expect(errors.missing).toMatchObject({ code: 'BAD_REQUEST', msg: 'Reminder does not exist', status: 404 });
      expect(errors.others).toMatchObject({ msg: 'Reminder does not exist', status: 404 });
      await member.reminders.remove({ reminder_id: later });
      expect((await member.reminders.list({})).reminders).toEqual([]);
      t.clock.advance(7_200_000);
      const after = await member.messages.list({
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        apply_markdown: false,
      });
      expect(after.messages[0]?.id).toBe(messages[0]?.id);
      return { listed, errors };
    },
  ),
];
