import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { createUser } from '../model/create-user.js';
import { realmHost } from '../model/email-visibility.js';

/** The local part of the Notification Bot's address. */
const NOTIFICATION_BOT_LOCAL_PART = 'notification-bot';

/** The silent mention of `user` (`@_**Name|id**`), as the Notification Bot names who acted. */
export function silentMention(user: Pick<UserRecord, 'full_name' | 'id'>): string {
  return `@_**${user.full_name}|${user.id}**`;
}

type BotContext = Pick<Context, 'db' | 'indexes' | 'config' | 'now' | 'random'>;

/**
 * The server's bot whose address starts with `localPart@`, created on first use like the real
 * server's system bots. Found by the local part only: the address's host follows the server's
 * URL, which may change between runs.
 */
export function systemBot(ctx: BotContext, localPart: string, fullName: string): UserRecord {
  for (const user of ctx.db.all('users')) if (user.is_system_bot === true && user.email.startsWith(`${localPart}@`)) return user;
  const email = `${localPart}@${realmHost(ctx.config.realmUrl)}`;
  return createUser(ctx, { email, fullName, role: 400, passwordHash: null, bot: { type: 1, ownerId: null }, systemBot: true });
}

/** The organization's Notification Bot, which posts notices (moved topics, new channels). */
export function notificationBot(ctx: BotContext): UserRecord {
  return systemBot(ctx, NOTIFICATION_BOT_LOCAL_PART, 'Notification Bot');
}
