import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** GET /messages/{message_id}/read_receipts and POST /messages/{message_id}/report. */
export const receiptAndReportScenarios: Scenario[] = [
  scenario(
    'messages: read receipts list who read a message, within the organization and privacy settings and muting',
    async (t) => {
      const owner = t.client('owner');
      const { id } = await owner.messages.send({
        type: 'stream',
        to: 'general',
        topic: 'receipts',
        content: 'Who read this?',
      });
      const { id: direct } = await owner.messages.send({
        type: 'direct',
        to: [t.accounts.member.userId],
        content: 'Just us',
      });
      const disabled = await failure(t.client('member').messages.readReceipts({ message_id: id }));
      expect(disabled).toMatchObject({
        code: 'BAD_REQUEST',
        msg: 'Read receipts are disabled in this organization.',
        status: 400,
      });
      await owner.realm.update({ enable_read_receipts: true });
      for (const role of ['administrator', 'moderator', 'member'] as const)
        await t.client(role).messages.updateFlags({ messages: [id], op: 'add', flag: 'read' });
      const all = await owner.messages.readReceipts({ message_id: id });
      const readers = [t.accounts.administrator.userId, t.accounts.moderator.userId, t.accounts.member.userId].sort(
        (a, b) => a - b,
      );
      // The sender (who has the message read) is never listed.
      expect(all.user_ids).toEqual(readers);
      // Marked unread again: not read any more.
      await t.client('administrator').messages.updateFlags({ messages: [id], op: 'remove', flag: 'read' });
      expect((await owner.messages.readReceipts({ message_id: id })).user_ids).toEqual(
        readers.filter((u) => u !== t.accounts.administrator.userId),
      );
      await t.client('member').settings.update({ send_read_receipts: false });
      await t.client('moderator').mutedUsers.mute({ muted_user_id: t.accounts.owner.userId });
      expect((await owner.messages.readReceipts({ message_id: id })).user_ids).toEqual([]);
      // Muting works both ways: the moderator, who muted the owner, does not see the owner either.
      await owner.messages.updateFlags({ messages: [id], op: 'add', flag: 'read' });
      expect((await t.client('administrator').messages.readReceipts({ message_id: id })).user_ids).toEqual([
        t.accounts.moderator.userId,
      ]);
      await t.client('administrator').mutedUsers.mute({ muted_user_id: t.accounts.moderator.userId });
      expect((await t.client('administrator').messages.readReceipts({ message_id: id })).user_ids).toEqual([]);
      const errors = {
        notMine: await failure(t.client('guest').messages.readReceipts({ message_id: direct })),
        missing: await failure(owner.messages.readReceipts({ message_id: 999_999 })),
      };
      expect(errors.notMine).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
      expect(errors.missing.msg).toBe('Invalid message(s)');
      return { all, errors };
    },
  ),

  scenario(
    'messages: a report goes to the moderation request channel from the Notification Bot, in the real format',
    async (t) => {
      const owner = t.client('owner');
      const member = t.client('member');
      const { id } = await owner.messages.send({
        type: 'stream',
        to: 'general',
        topic: 'deals',
        content: 'Buy **now**!',
      });
      const { id: direct } = await owner.messages.send({
        type: 'direct',
        to: [t.accounts.member.userId],
        content: 'Psst',
      });
      const { id: ownDirect } = await member.messages.send({
        type: 'direct',
        to: [t.accounts.owner.userId],
        content: 'Sorry',
      });
      const before = {
        notEnabled: await failure(member.messages.report({ message_id: id, report_type: 'spam' })),
        noExplanation: await failure(member.messages.report({ message_id: id, report_type: 'other' })),
        badType: await failure(member.messages.report({ message_id: id, report_type: 'rude' as never })),
        longDescription: await failure(
          member.messages.report({ message_id: id, report_type: 'spam', description: 'x'.repeat(1001) }),
        ),
      };
      expect(before.notEnabled).toMatchObject({
        code: 'BAD_REQUEST',
        msg: 'Message reporting is not enabled in this organization.',
        status: 400,
      });
      expect(before.noExplanation.msg).toBe('An explanation is required.');
      expect(before.badType.msg).toBe('Invalid report_type');
      expect(before.longDescription.msg).toBe('description is too long (limit: 1000 characters)');
      const moderation = (await owner.channels.getId({ stream: 'engineering' })).stream_id;
      await owner.realm.update({ moderation_request_channel_id: moderation });
      await member.messages.report({ message_id: id, report_type: 'spam', description: 'An advert.' });
      await member.messages.report({ message_id: direct, report_type: 'harassment' });
      await member.messages.report({
        message_id: ownDirect,
        report_type: 'other',
        description: 'I wrote this by mistake.',
      });
      const at = async (messageId: number) => {
        const stamp = (await owner.messages.get({ message_id: messageId })).message.timestamp as number;
        return `<time:${new Date(stamp * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00')}>`;
      };
      const ownerMention = `@_**${t.accounts.owner.fullName}|${t.accounts.owner.userId}**`;
      const memberMention = `@_**${t.accounts.member.fullName}|${t.accounts.member.userId}**`;
      const site = String((await owner.server.getSettings())['realm_url']);
      const ids = [t.accounts.owner.userId, t.accounts.member.userId].sort((a, b) => a - b).join(',');
      const { messages } = await owner.messages.list({
        anchor: 'newest',
        num_before: 3,
        num_after: 0,
        apply_markdown: false,
        narrow: [{ operator: 'channel', operand: moderation }],
      });
      expect(messages.map((m) => [m.sender_full_name, m.subject])).toEqual([
        ['Notification Bot', `${t.accounts.owner.fullName} moderation`],
        ['Notification Bot', `${t.accounts.owner.fullName} moderation`],
        ['Notification Bot', `${t.accounts.member.fullName} moderation`],
      ]);
      expect(messages.map((m) => m.content)).toEqual([
        `${memberMention} reported a message sent by ${ownerMention} at ${await at(id)}.\n\`\`\`quote\n**Spam**. An advert.\n\`\`\`\n\n\`\`\` spoiler Original message at #**general>deals@${id}**\nBuy **now**!\n\`\`\``,
        `${memberMention} reported a message sent by ${ownerMention} at ${await at(direct)}.\n\`\`\`quote\n**Harassment**. \n\`\`\`\n\n\`\`\` spoiler [Original message](${site}/#narrow/dm/${ids}/near/${direct})\nPsst\n\`\`\``,
        `${memberMention} reported a message sent by ${memberMention} to ${ownerMention} at ${await at(ownDirect)}.\n\`\`\`quote\n**Other reason**. I wrote this by mistake.\n\`\`\`\n\n\`\`\` spoiler [Original message](${site}/#narrow/dm/${ids}/near/${ownDirect})\nSorry\n\`\`\``,
      ]);
      const notMine = await failure(t.client('guest').messages.report({ message_id: direct, report_type: 'spam' }));
      expect(notMine).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
      return { before, messages: messages.map((m) => m.content) };
    },
  ),
];
