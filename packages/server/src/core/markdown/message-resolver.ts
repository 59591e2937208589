import { hasContentAccess } from '../model/channel-access.js';
import type { Context } from '../runtime/context.js';
import type { RealmEmojiRecord } from '../model/records/realm.js';
import type { UserRecord } from '../model/records/users.js';
import { canAccessMessage } from '../model/message-access.js';
import { hasPermission } from '../model/has-permission.js';
import type { MessageResolver } from './markdown-env.js';
import { channelByName as findChannelByName } from '../model/channel-name.js';

/** What rendering a message reads. */
export type RenderContext = Pick<Context, 'db' | 'indexes' | 'realm' | 'config' | 'now'>;

/**
 * The lookups of one render, as `sender` sees the organization: users by name (when
 * several share a name, the newest account wins, like the real server's name map), groups
 * by exact name, channels by exact name among those whose content the sender may read.
 */
export function createMessageResolver(ctx: RenderContext, sender: UserRecord): MessageResolver {
  let usersByName: Map<string, UserRecord> | undefined;
  return {
    userByName(name) {
      if (!usersByName) {
        usersByName = new Map();
        for (const user of ctx.db.all('users')) usersByName.set(user.full_name.toLowerCase(), user);
      }
      return usersByName.get(name.toLowerCase());
    },
    userById(id) {
      return ctx.db.get('users', id);
    },
    groupByName(name) {
      for (const group of ctx.db.all('user_groups')) if (group.name === name) return group;
      return undefined;
    },
    canMentionGroup(group) {
      return hasPermission(ctx, sender, { group }, 'can_mention_group');
    },
    channelByName(name) {
      const channel = findChannelByName(ctx, name);
      return channel && channel.name === name && hasContentAccess(ctx, sender, channel) ? channel : undefined;
    },
    latestTopicMessageId(channelId, topic) {
      const ids = ctx.indexes.messages.topic(channelId, topic);
      for (let i = ids.length - 1; i >= 0; i -= 1) {
        const message = ctx.db.get('messages', ids[i] ?? 0);
        if (message && canAccessMessage(ctx, sender, message)) return message.id;
      }
      return undefined;
    },
    realmEmoji(name) {
      return activeRealmEmoji(ctx, name);
    },
  };
}

/** The organization's active custom emoji named `name` (reactions and `:name:` use it). */
export function activeRealmEmoji(ctx: Pick<RenderContext, 'db'>, name: string): RealmEmojiRecord | undefined {
  for (const emoji of ctx.db.all('realm_emoji')) if (emoji.name === name && !emoji.deactivated) return emoji;
  return undefined;
}
