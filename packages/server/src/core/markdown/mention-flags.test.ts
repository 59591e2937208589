import { beforeAll, describe, expect, test } from 'vitest';
import { FLAG_BITS } from '../model/records/messages.js';
import { createMarkdownFixture, type MarkdownFixture } from '../../../test/helpers/markdown-fixture.js';
import { mentionFlags, topicParticipantIds } from './mention-flags.js';
import type { MessageMentions } from './render-message.js';

let f: MarkdownFixture;
beforeAll(async () => {
  f = await createMarkdownFixture();
});

const none: MessageMentions = { userIds: new Set(), groupIds: new Set(), streamWildcard: false, topicWildcard: false };

describe('mentionFlags', () => {
  test('flags users mentioned directly or through a group', () => {
    const { owner, mike, samOld, samNew } = f.users;
    const flags = mentionFlags(
      f.ctx,
      { ...none, userIds: new Set([mike.id]), groupIds: new Set([f.groups.support.id]) },
      {
        recipientIds: [owner.id, mike.id, samOld.id, samNew.id],
      },
    );
    expect(flags).toEqual(
      new Map([
        [mike.id, FLAG_BITS.mentioned],
        [samOld.id, FLAG_BITS.mentioned],
      ]),
    );
  });

  test('flags every recipient for a channel wildcard, taking precedence over the topic wildcard', () => {
    const { owner, mike } = f.users;
    const flags = mentionFlags(
      f.ctx,
      { ...none, streamWildcard: true, topicWildcard: true },
      {
        recipientIds: [owner.id, mike.id],
        topicParticipantIds: new Set([owner.id]),
      },
    );
    expect(flags).toEqual(
      new Map([
        [owner.id, FLAG_BITS.stream_wildcard_mentioned],
        [mike.id, FLAG_BITS.stream_wildcard_mentioned],
      ]),
    );
  });

  test('flags only topic participants for the topic wildcard', () => {
    const { owner, mike, gina } = f.users;
    const flags = mentionFlags(
      f.ctx,
      { ...none, userIds: new Set([gina.id]), topicWildcard: true },
      {
        recipientIds: [owner.id, mike.id, gina.id],
        topicParticipantIds: new Set([mike.id, gina.id]),
      },
    );
    expect(flags).toEqual(
      new Map([
        [mike.id, FLAG_BITS.topic_wildcard_mentioned],
        [gina.id, FLAG_BITS.mentioned | FLAG_BITS.topic_wildcard_mentioned],
      ]),
    );
  });
});

describe('topicParticipantIds', () => {
  test('lists the senders of the topic and the new sender, in any case of the topic', () => {
    const participants = topicParticipantIds(f.ctx, {
      channelId: f.channels.announce.id,
      topic: 'zulip UPDATES',
      senderId: f.users.gina.id,
    });
    expect([...participants].sort((a, b) => a - b)).toEqual(
      [f.users.owner.id, f.users.mike.id, f.users.gina.id].sort((a, b) => a - b),
    );
  });

  test('includes users who reacted', async () => {
    const id = f.messages.plans[0] as number;
    await f.store.write((db) => {
      const message = db.get('messages', id);
      if (message)
        db.patch('messages', id, {
          reactions: [
            { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: f.users.samNew.id },
          ],
        });
    });
    expect(
      topicParticipantIds(f.ctx, { channelId: f.channels.secret.id, topic: 'plans', senderId: f.users.owner.id }),
    ).toEqual(new Set([f.users.owner.id, f.users.samNew.id]));
  });
});
