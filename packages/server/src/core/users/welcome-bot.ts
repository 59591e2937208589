import { ApiError } from '@teamchat/schema';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { isAdmin } from '../model/roles.js';
import { systemBot } from '../messages/notification-bot.js';
import { postDirectMessage } from '../messages/post-message.js';

type WelcomeContext = Pick<
  Context<'hooks' | 'jobs'>,
  'db' | 'indexes' | 'realm' | 'config' | 'now' | 'random' | 'events' | 'hooks' | 'jobs' | 'log'
>;

/** The organization's default custom text (`welcome_message_custom_text`; empty: none). */
function realmWelcomeText(ctx: Pick<Context, 'realm'>): string {
  const text = ctx.realm.extra_settings?.['welcome_message_custom_text'];
  return typeof text === 'string' ? text : '';
}

/** The organization's Welcome Bot (`welcome-bot@zulip.com`). */
function welcomeBot(ctx: WelcomeContext): UserRecord {
  return systemBot(ctx, 'welcome');
}

/** A direct message from the Welcome Bot to `user`; answers its ID. */
function welcomeBotMessage(ctx: WelcomeContext, user: UserRecord, content: string): number {
  const sender = welcomeBot(ctx);
  return postDirectMessage(ctx, [user], { sender, client: 'Internal', readBySender: true, content }).id;
}

/**
 * The Welcome Bot's messages to a new account, as the real server sends them on sign-up: its
 * greeting (with the guide for administrators), then the custom text: `customText` when an
 * invitation set one (`""`: none), else the organization's `welcome_message_custom_text`.
 */
export function sendWelcomeMessages(ctx: WelcomeContext, user: UserRecord, customText: string | null): void {
  const setup = isAdmin(user)
    ? ' We also have a guide for [moving your organization to Zulip](/help/moving-to-zulip).'
    : '';
  welcomeBotMessage(
    ctx,
    user,
    `Hello, and welcome to Zulip!👋\n\nTo learn more, check out our [getting started guide](/help/getting-started-with-zulip)!${setup}`,
  );
  const text = customText ?? realmWelcomeText(ctx);
  if (text !== '') welcomeBotMessage(ctx, user, text);
}

/**
 * POST /realm/test_welcome_bot_custom_message: the Welcome Bot sends the acting administrator
 * the custom text as new users would get it (`Message must not be empty` for an empty one).
 */
export function testWelcomeBotCustomMessage(
  params: OperationParams<'realm.testWelcomeBotCustomMessage'>,
  ctx: UserContext<'hooks' | 'jobs'>,
): { message_id: number } {
  if (params.welcome_message_custom_text.length === 0) throw new ApiError('BAD_REQUEST', 'Message must not be empty');
  return { message_id: welcomeBotMessage(ctx, ctx.user, params.welcome_message_custom_text) };
}
