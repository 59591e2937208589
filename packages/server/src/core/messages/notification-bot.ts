import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { createUser } from '../model/create-user.js';

/**
 * The domain of the server's own bots' addresses: the real server's `INTERNAL_BOT_DOMAIN`,
 * `zulip.com` unless its operator configured another.
 */
const INTERNAL_BOT_DOMAIN = 'zulip.com';

/**
 * The real server's system bots (its `INTERNAL_BOTS` as every organization sees them in
 * `cross_realm_bots`): the local part of each address and its name.
 */
const SYSTEM_BOTS = {
  notification: { localPart: 'notification-bot', fullName: 'Notification Bot' },
  emailGateway: { localPart: 'emailgateway', fullName: 'Email Gateway' },
  welcome: { localPart: 'welcome-bot', fullName: 'Welcome Bot' },
} as const;

/** The silent mention of `user` (`@_**Name|id**`), as the Notification Bot names who acted. */
export function silentMention(user: Pick<UserRecord, 'full_name' | 'id'>): string {
  return `@_**${user.full_name}|${user.id}**`;
}

type BotContext = Pick<Context, 'db' | 'indexes' | 'now' | 'random'>;

/**
 * The server's bot `which`, created on first use like the real server's system bots, at its
 * real default address (`notification-bot@zulip.com`, …). Found by the local part only, so a
 * store whose bot was made at another address (the server's host, before) keeps it.
 */
export function systemBot(ctx: BotContext, which: keyof typeof SYSTEM_BOTS): UserRecord {
  const found = findSystemBot(ctx, which);
  if (found) return found;
  const { localPart, fullName } = SYSTEM_BOTS[which];
  const email = `${localPart}@${INTERNAL_BOT_DOMAIN}`;
  return createUser(ctx, {
    email,
    fullName,
    role: 400,
    passwordHash: null,
    bot: { type: 1, ownerId: null },
    systemBot: true,
  });
}

/** The server's bot `which`, if it exists (for reads, which create nothing). */
export function findSystemBot(ctx: Pick<Context, 'db'>, which: keyof typeof SYSTEM_BOTS): UserRecord | undefined {
  const prefix = `${SYSTEM_BOTS[which].localPart}@`;
  for (const user of ctx.db.all('users')) if (user.is_system_bot === true && user.email.startsWith(prefix)) return user;
  return undefined;
}

/** Creates the three system bots that do not exist yet (a new organization has them all). */
export function createSystemBots(ctx: BotContext): void {
  for (const which of Object.keys(SYSTEM_BOTS) as (keyof typeof SYSTEM_BOTS)[]) systemBot(ctx, which);
}

/** The organization's Notification Bot, which posts notices (moved topics, new channels). */
export function notificationBot(ctx: BotContext): UserRecord {
  return systemBot(ctx, 'notification');
}
