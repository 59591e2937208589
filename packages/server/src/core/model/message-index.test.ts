import { describe, expect, it } from 'vitest';
import { Store } from '../../store/store.js';
import type { Db } from './db.js';
import { createIndexes, type Indexes } from './indexes.js';
import { FLAG_BITS, type MessageRecord } from './records/messages.js';

function message(id: number, streamId: number | null, topic: string, senderId = 1): MessageRecord {
  return {
    id,
    type: streamId === null ? 'private' : 'stream',
    sender_id: senderId,
    recipient_id: streamId === null ? 100 : 10 + streamId,
    stream_id: streamId,
    topic,
    content: `m${id}`,
    rendered_content: `<p>m${id}</p>`,
    is_me_message: false,
    timestamp: 1_700_000_000 + id,
    client: 'test',
    edit_history: [],
    reactions: [],
    submessages: [],
    has_link: false,
    has_image: false,
    has_attachment: false,
  };
}

/** Everything the message index answers, for the channels, topics and users of the test. */
function answers(indexes: Indexes) {
  const index = indexes.messages;
  return {
    all: [...index.all()],
    channels: [1, 2].map((id) => [...index.channel(id)]),
    topics: ['a', 'b', 'B', 'c'].map((topic) => [...index.topic(1, topic)]),
    topicLists: [...index.topics(1)].map((ids) => [...ids]).sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0)),
    participants: [...index.topicParticipants(1, 'a')].sort(),
    conversation: [...index.conversation(100)],
    unread: [1, 2, 3].map((id) => [...index.unread(id)]),
    starred: [1, 2, 3].map((id) => [...index.starred(id)]),
    maxId: index.maxId,
  };
}

describe('the message index built on first use', () => {
  it('answers as an index kept current from the start, whatever was written (and undone) before it was built', async () => {
    const store = new Store<Db>();
    const eager = createIndexes(store);
    eager.complete();
    const lazy = createIndexes(store);
    const unread = 0;
    await store.write((tx) => {
      for (let id = 1; id <= 30; id += 1) {
        tx.put('messages', message(id, id % 5 === 0 ? null : 1 + (id % 2), id % 3 === 0 ? 'a' : 'b', 1 + (id % 3)));
        tx.setRows(id, [
          [1, FLAG_BITS.read],
          [2, unread],
          [3, id % 4 === 0 ? FLAG_BITS.starred : unread],
        ]);
      }
    });
    // Moves, deletions, flag changes, and a transaction rolled back.
    await store.write((tx) => {
      tx.put('messages', {
        ...message(7, 1, 'c'),
        reactions: [{ emoji_name: 'x', emoji_code: '1', reaction_type: 'unicode_emoji', user_id: 3 }],
      });
      tx.put('messages', message(9, 1, 'B'));
      tx.delete('messages', 12);
      tx.changeFlags(2, [1, 2, 3, 4, 5], { set: FLAG_BITS.read, create: null });
      tx.changeFlags(1, [6, 8], { set: FLAG_BITS.starred, clear: FLAG_BITS.read, create: null });
    });
    await expect(
      store.write((tx) => {
        tx.delete('messages', 1);
        tx.changeFlags(3, [10, 11], { set: FLAG_BITS.read, create: null });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(answers(lazy)).toEqual(answers(eager));
    expect(answers(eager).all).toHaveLength(29);
    // Built now, it stays current.
    await store.write((tx) => {
      tx.put('messages', message(31, 1, 'a', 3));
      tx.setRows(31, [[2, unread]]);
      tx.delete('messages', 2);
    });
    expect(answers(lazy)).toEqual(answers(eager));
    expect(answers(lazy).unread[1]).toContain(31);
  });

  it('keeps one list per topic whatever its case, and lists a topic emptied and used again', async () => {
    const store = new Store<Db>();
    const index = createIndexes(store).messages;
    await store.write((tx) => {
      tx.put('messages', message(1, 1, 'Release'));
      tx.put('messages', message(2, 1, 'release'));
      tx.put('messages', message(3, 1, 'RELEASE', 2));
      tx.put('messages', message(4, 2, 'Release'));
    });
    expect([...index.topic(1, 'rElEaSe')]).toEqual([1, 2, 3]);
    expect([...index.topic(2, 'release')]).toEqual([4]);
    expect([...index.topicParticipants(1, 'release')].sort()).toEqual([1, 2]);
    // Moved away one by one, the topic is gone; a message to it again brings it back.
    await store.write((tx) => {
      for (const id of [1, 2, 3]) tx.put('messages', { ...message(id, 1, 'Elsewhere'), sender_id: 1 });
    });
    expect([...index.topic(1, 'release')]).toEqual([]);
    expect([...index.topics(1)].map((ids) => [...ids])).toEqual([[1, 2, 3]]);
    await store.write((tx) => {
      tx.put('messages', message(5, 1, 'Release'));
    });
    expect([...index.topic(1, 'RELEASE')]).toEqual([5]);
    expect([...index.topics(1)].map((ids) => [...ids]).sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0))).toEqual([
      [1, 2, 3],
      [5],
    ]);
  });
});
