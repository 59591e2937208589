import type { Context } from '../runtime/context.js';
import type { Services } from '../runtime/services.js';
import type { UserRecord } from '../model/records/users.js';
import { postChannelMessage } from '../messages/post-message.js';

/** Options of {@link seedChannelMessages}. */
export interface ChannelMessagesSeed {
  /** Name of the channel the messages go to (matched case-insensitively). */
  channel: string;
  /** Email of the sender (an active account). */
  sender: string;
  /** Number of messages. */
  count: number;
  /** Topic of the `i`-th message (default `topic <i / 1000>`: 1,000 messages per topic). */
  topic?: (i: number) => string;
  /** Markdown of the `i`-th message. */
  content: (i: number) => string;
  /** Messages per transaction (default 10,000). */
  batch?: number;
  /** Called after each transaction with the number of messages stored so far. */
  progress?: (stored: number) => void;
}

/**
 * Stores `count` channel messages directly through the store, in large transactions: each is
 * rendered and delivered exactly as POST /messages would (rows for the channel's subscribers,
 * mention flags, events to open queues), without the HTTP round trip and without the
 * permission checks of the endpoint. For large stores in benchmarks and load tests.
 *
 * @example
 * await seedChannelMessages(core.services, { channel: 'general', sender: 'mike@teamchat.example', count: 100_000, content: (i) => `Message **${i}**` });
 */
export async function seedChannelMessages(services: Services, options: ChannelMessagesSeed): Promise<void> {
  const { store } = services;
  const channelId = services.indexes.channelsByName.get(options.channel.toLowerCase());
  if (channelId === undefined)
    throw new Error(`[teamchat-server] seedChannelMessages: no channel named '${options.channel}'`);
  const batch = options.batch ?? 10_000;
  const topicOf = options.topic ?? ((i: number) => `topic ${Math.floor(i / 1000)}`);
  for (let start = 0; start < options.count; start += batch) {
    const end = Math.min(options.count, start + batch);
    await store.write((db) => {
      const realm = db.get('realm', 1);
      const channel = db.get('channels', channelId);
      const sender: UserRecord | undefined = services.indexes.usersByEmail.get(options.sender.toLowerCase());
      if (!realm || !channel || !sender?.is_active)
        throw new Error(
          `[teamchat-server] seedChannelMessages: no organization, channel or active sender '${options.sender}'`,
        );
      const ctx: Pick<
        Context<'hooks' | 'jobs'>,
        'db' | 'indexes' | 'realm' | 'config' | 'now' | 'events' | 'hooks' | 'jobs' | 'log'
      > = { ...services, db, realm };
      for (let i = start; i < end; i += 1) {
        const current = db.get('channels', channelId) ?? channel;
        postChannelMessage(ctx, current, topicOf(i), {
          sender,
          content: options.content(i),
          client: 'Internal',
          readBySender: true,
        });
      }
    });
    options.progress?.(end);
  }
}
