import { activeSubscriberIds } from '../../src/core/model/channel-access.js';
import { insertChannel } from '../../src/core/channels/insert-channel.js';
import { insertSubscription } from '../../src/core/channels/insert-subscription.js';
import { seededRandomBytes } from '../../src/core/internal/seeded-random.js';
import { defaultServerConfig } from '../../src/core/config/server-config.js';
import type { Context } from '../../src/core/runtime/context.js';
import type { ChannelRecord, UserTopicRecord } from '../../src/core/model/records/channels.js';
import type { Db } from '../../src/core/model/db.js';
import type { RealmRecord } from '../../src/core/model/records/realm.js';
import type { UserRecord } from '../../src/core/model/records/users.js';
import { createIndexes, type Indexes } from '../../src/core/model/indexes.js';
import { seedDemoOrganization, type DemoRole } from '../../src/core/seed/demo-organization.js';
import { Store } from '../../src/store/store.js';
import { directRecipientId } from '../../src/core/model/direct-message-groups.js';
import { insertMessage } from '../../src/core/messages/insert-message.js';
import { FLAG_BITS, type MessageRecord, type ReactionRecord } from '../../src/core/model/records/messages.js';

/** The context narrow code reads. */
export type NarrowTestContext = Pick<Context<'store'>, 'db' | 'indexes' | 'realm' | 'now' | 'config' | 'store'>;

/** Options of {@link NarrowFixture.post} and {@link NarrowFixture.dm}. */
export interface PostOptions {
  /** Flag bits per role (others get 0, the sender `read`). */
  flags?: Partial<Record<DemoRole, number>>;
  rendered?: string;
  reactions?: ReactionRecord[];
}

/**
 * A demo organization for narrow tests, plus a private channel `leadership` with protected
 * history (owner and administrator subscribed) and helpers that store messages directly.
 */
export interface NarrowFixture {
  store: Store<Db>;
  indexes: Indexes;
  users: Record<DemoRole, UserRecord>;
  channels: Record<'general' | 'engineering' | 'leadership', ChannelRecord>;
  /** A read context. */
  ctx(): NarrowTestContext;
  /** Posts to a channel; every active subscriber receives it. */
  post(channel: ChannelRecord, topic: string, sender: DemoRole, content: string, options?: PostOptions): MessageRecord;
  /** Sends a direct message to `to` (the sender included implicitly). */
  dm(sender: DemoRole, to: DemoRole[], content: string, options?: PostOptions): MessageRecord;
  subscribe(channel: ChannelRecord, role: DemoRole, fields?: { is_muted?: boolean }): void;
  unsubscribe(channel: ChannelRecord, role: DemoRole): void;
  setTopicPolicy(
    role: DemoRole,
    channel: ChannelRecord,
    topic: string,
    policy: UserTopicRecord['visibility_policy'],
  ): void;
  setFlags(message: MessageRecord, role: DemoRole, bits: number): void;
}

/** Builds a {@link NarrowFixture}. */
export async function createNarrowFixture(): Promise<NarrowFixture> {
  const store = new Store<Db>();
  const now = () => Date.UTC(2025, 0, 1);
  const indexes = createIndexes(store);
  const accounts = await seedDemoOrganization(
    { store, indexes, config: defaultServerConfig, now, random: seededRandomBytes(3) },
    { passwordIterations: 1 },
  );
  const users = Object.fromEntries(accounts.map((a) => [a.role, store.get('users', a.userId) as UserRecord])) as Record<
    DemoRole,
    UserRecord
  >;
  const channelNamed = (name: string) => [...store.all('channels')].find((c) => c.name === name) as ChannelRecord;
  const write = <T>(fn: (ctx: Pick<Context, 'db' | 'indexes' | 'now'>) => T): T => {
    const db = store.begin();
    const result = fn({ db, indexes, now });
    void db.commit();
    return result;
  };
  const subscribe = (channel: ChannelRecord, role: DemoRole, fields: { is_muted?: boolean } = {}) =>
    write((ctx) => {
      const userId = users[role].id;
      const isMuted = fields.is_muted ?? false;
      const existing = indexes.allSubscriptionsByUser.get(userId)?.get(channel.id);
      if (existing) ctx.db.patch('subscriptions', existing.id, { active: true, is_muted: isMuted });
      else insertSubscription(ctx, { userId, channelId: channel.id, isMuted });
    });
  const leadership = write((ctx) => {
    const general = channelNamed('general');
    return insertChannel(ctx, {
      name: 'leadership',
      description: general.description,
      creatorId: general.creator_id,
      inviteOnly: true,
      historyPublicToSubscribers: false,
    });
  });
  subscribe(leadership, 'owner');
  subscribe(leadership, 'administrator');
  const flagsFor = (recipients: number[], sender: UserRecord, options: PostOptions) => {
    const flags = new Map<number, number>();
    for (const id of recipients) flags.set(id, id === sender.id ? FLAG_BITS.read : 0);
    for (const [role, bits] of Object.entries(options.flags ?? {})) flags.set(users[role as DemoRole].id, bits);
    return flags;
  };
  const finish = (message: MessageRecord, options: PostOptions) =>
    options.reactions
      ? write(({ db }) => db.patch('messages', message.id, { reactions: options.reactions ?? [] }))
      : message;
  return {
    store,
    indexes,
    users,
    channels: { general: channelNamed('general'), engineering: channelNamed('engineering'), leadership },
    ctx: () => ({
      db: store.begin(),
      indexes,
      realm: store.get('realm', 1) as RealmRecord,
      now,
      config: defaultServerConfig,
      store,
    }),
    post(channel, topic, senderRole, content, options = {}) {
      const sender = users[senderRole];
      const message = write((ctx) =>
        insertMessage(
          ctx,
          {
            sender,
            content,
            client: 'test',
            flags: flagsFor(activeSubscriberIds(ctx, channel.id), sender, options),
            ...(options.rendered ? { rendered: options.rendered } : {}),
          },
          {
            kind: 'stream',
            channel: ctx.db.get('channels', channel.id) as ChannelRecord,
            topic,
          },
        ),
      );
      return finish(message, options);
    },
    dm(senderRole, to, content, options = {}) {
      const sender = users[senderRole];
      const ids = [sender.id, ...to.map((role) => users[role].id)];
      const message = write((ctx) =>
        insertMessage(
          ctx,
          { sender, content, client: 'test', flags: flagsFor([...new Set(ids)], sender, options) },
          { kind: 'private', recipientId: directRecipientId(ctx, ids) },
        ),
      );
      return finish(message, options);
    },
    subscribe,
    unsubscribe: (channel, role) =>
      write(({ db }) => {
        const sub = indexes.subscriptionsByUser.get(users[role].id)?.get(channel.id);
        if (sub) db.patch('subscriptions', sub.id, { active: false });
      }),
    setTopicPolicy: (role, channel, topic, policy) =>
      write(({ db }) => {
        db.put('user_topics', {
          id: db.nextId('user_topics'),
          user_id: users[role].id,
          stream_id: channel.id,
          topic_name: topic,
          visibility_policy: policy,
          last_updated: 0,
        });
      }),
    setFlags: (message, role, bits) =>
      write(({ db }) => {
        db.setRows(message.id, [[users[role].id, bits]]);
      }),
  };
}
