import { Store } from '../../src/store/store.js';
import { activeSubscriberIds } from '../../src/core/model/channel-access.js';
import { insertChannel } from '../../src/core/channels/insert-channel.js';
import { insertSubscription } from '../../src/core/channels/insert-subscription.js';
import { defaultServerConfig } from '../../src/core/config/server-config.js';
import type { Context } from '../../src/core/runtime/context.js';
import type { ChannelRecord } from '../../src/core/model/records/channels.js';
import type { Db, DbTx } from '../../src/core/model/db.js';
import type { UserGroupRecord } from '../../src/core/model/records/user-groups.js';
import type { UserRecord } from '../../src/core/model/records/users.js';
import { createIndexes } from '../../src/core/model/indexes.js';
import { seededRandomBytes } from '../../src/core/internal/seeded-random.js';
import { insertMessage } from '../../src/core/messages/insert-message.js';
import { systemGroupId } from '../../src/core/model/group-setting-value.js';
import { createRealm } from '../../src/core/realm/create-realm.js';
import { createUser } from '../../src/core/model/create-user.js';
import type { RenderContext } from '../../src/core/markdown/message-resolver.js';

/** An organization to render messages in (tests only). */
export interface MarkdownFixture {
  store: Store<Db>;
  ctx: RenderContext;
  users: Record<'owner' | 'mike' | 'gina' | 'dana' | 'samOld' | 'samNew' | 'evil', UserRecord>;
  groups: Record<'support' | 'leads' | 'retired', UserGroupRecord>;
  channels: Record<'general' | 'announce' | 'secret', ChannelRecord>;
  /** Messages in `team announce` > `Zulip updates` (oldest first) and `secret` > `plans`. */
  messages: { updates: number[]; plans: number[] };
  /** Adds a linkifier (committed). */
  addLinkifier(pattern: string, urlTemplate: string, order?: number): Promise<number>;
}

const NOW = 1_700_000_000_000;

function makeChannel(
  ctx: Pick<Context, 'db' | 'now'>,
  { name, creator, inviteOnly }: { name: string; creator: UserRecord; inviteOnly: boolean },
): ChannelRecord {
  // History is shared in the private channel too.
  return insertChannel(ctx, { name, creatorId: creator.id, inviteOnly, historyPublicToSubscribers: true });
}

function subscribe(ctx: Pick<Context, 'db' | 'indexes'>, channel: ChannelRecord, users: UserRecord[]): void {
  for (const user of users) insertSubscription(ctx, { userId: user.id, channelId: channel.id });
}

function makeGroup(
  db: DbTx,
  {
    name,
    members,
    canMention,
    creator,
  }: { name: string; members: UserRecord[]; canMention: number; creator: UserRecord },
): UserGroupRecord {
  const nobody = systemGroupId({ db }, 'role:nobody');
  return db.put('user_groups', {
    id: db.nextId('user_groups'),
    name,
    description: `The ${name} group`,
    is_system_group: false,
    members: members.map((user) => user.id),
    direct_subgroup_ids: [],
    deactivated: false,
    creator_id: creator.id,
    date_created: NOW / 1000,
    groups: {
      can_add_members_group: nobody,
      can_join_group: nobody,
      can_leave_group: nobody,
      can_manage_group: nobody,
      can_mention_group: canMention,
      can_remove_members_group: nobody,
    },
  });
}

/**
 * A small organization: Olivia Owner, Mike Member, Gina Guest, the deactivated Dana Gone,
 * two users named Sam Same and one named `<b>Evil</b>`; groups `support` (anyone may
 * mention it), `leads` (administrators only) and the deactivated `retired`; channels
 * `general` and `team announce` (public) and `secret` (private, Olivia only).
 */
export async function createMarkdownFixture(): Promise<MarkdownFixture> {
  const store = new Store<Db>();
  const indexes = createIndexes(store);
  const now = () => NOW;
  const random = seededRandomBytes(7);
  const built = await store.write((db) => {
    createRealm(db, { name: 'Test', stringId: 'test', description: '', now: NOW });
    const make = (fullName: string, email: string, role: UserRecord['role']) =>
      createUser({ db, now, random }, { email, fullName, role, passwordHash: null });
    const users = {
      owner: make('Olivia Owner', 'olivia@example.com', 100),
      mike: make('Mike Member', 'mike@example.com', 400),
      gina: make('Gina Guest', 'gina@example.com', 600),
      dana: make('Dana Gone', 'dana@example.com', 400),
      samOld: make('Sam Same', 'sam1@example.com', 400),
      samNew: make('Sam Same', 'sam2@example.com', 400),
      evil: make('<b>Evil</b>', 'evil@example.com', 400),
    };
    users.dana = db.patch('users', users.dana.id, { is_active: false });
    const groups = {
      support: makeGroup(db, {
        name: 'support',
        members: [users.mike, users.samOld],
        canMention: systemGroupId({ db }, 'role:everyone'),
        creator: users.owner,
      }),
      leads: makeGroup(db, {
        name: 'leads',
        members: [users.owner],
        canMention: systemGroupId({ db }, 'role:administrators'),
        creator: users.owner,
      }),
      retired: makeGroup(db, {
        name: 'retired',
        members: [users.dana],
        canMention: systemGroupId({ db }, 'role:everyone'),
        creator: users.owner,
      }),
    };
    groups.retired = db.patch('user_groups', groups.retired.id, { deactivated: true });
    const channels = {
      general: makeChannel({ db, now }, { name: 'general', creator: users.owner, inviteOnly: false }),
      announce: makeChannel({ db, now }, { name: 'team announce', creator: users.owner, inviteOnly: false }),
      secret: makeChannel({ db, now }, { name: 'secret', creator: users.owner, inviteOnly: true }),
    };
    subscribe({ db, indexes }, channels.general, [users.owner, users.mike, users.gina]);
    subscribe({ db, indexes }, channels.announce, [users.owner, users.mike]);
    subscribe({ db, indexes }, channels.secret, [users.owner]);
    const post = (channel: ChannelRecord, topic: string, sender: UserRecord) =>
      insertMessage(
        { db, now },
        {
          sender,
          content: 'Hello',
          client: 'test',
          flags: new Map(activeSubscriberIds({ db, indexes }, channel.id).map((id) => [id, 0])),
        },
        { kind: 'stream', channel: db.get('channels', channel.id) as ChannelRecord, topic },
      ).id;
    const messages = {
      updates: [
        post(channels.announce, 'Zulip updates', users.owner),
        post(channels.announce, 'Zulip updates', users.mike),
      ],
      plans: [post(channels.secret, 'plans', users.owner)],
    };
    return { users, groups, channels, messages };
  });
  const realm = store.get('realm', 1);
  if (!realm) throw new Error('[teamchat-server] fixture without organization');
  const ctx: RenderContext = { db: store.begin(), indexes, realm, config: defaultServerConfig, now };
  return {
    store,
    ctx,
    ...built,
    async addLinkifier(pattern, urlTemplate, order = 0) {
      return store.write(
        (db) => db.put('linkifiers', { id: db.nextId('linkifiers'), pattern, url_template: urlTemplate, order }).id,
      );
    },
  };
}
