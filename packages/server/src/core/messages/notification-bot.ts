import type { Context } from '../model/context.js';
import type { UserRecord } from '../model/db.js';
import { createUser } from '../model/create-user.js';
import { realmHost } from '../model/email-visibility.js';

/** The local part of the Notification Bot's address. */
export const NOTIFICATION_BOT_LOCAL_PART = 'notification-bot';

/** The silent mention of `user` (`@_**Name|id**`), as the Notification Bot names who acted. */
export function silentMention(user: Pick<UserRecord, 'full_name' | 'id'>): string {
  return `@_**${user.full_name}|${user.id}**`;
}

/**
 * The organization's Notification Bot, which posts notices (moved topics, new channels).
 * Created on first use, like the real server's system bots.
 */
export function notificationBot(ctx: Pick<Context, 'db' | 'indexes' | 'config' | 'now' | 'random'>): UserRecord {
  // Found by what it is, not by its address: the address's host follows the server's URL,
  // which may change between runs.
  for (const user of ctx.db.all('users')) if (user.is_system_bot === true) return user;
  const email = `${NOTIFICATION_BOT_LOCAL_PART}@${realmHost(ctx.config.realmUrl)}`;
  return createUser(ctx, { email, fullName: 'Notification Bot', role: 400, passwordHash: null, bot: { type: 1, ownerId: null }, systemBot: true });
}
