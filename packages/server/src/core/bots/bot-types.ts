import { ApiError } from '@teamchat/schema';
import type { UserContext } from '../runtime/context.js';
import { hasPermission } from '../model/has-permission.js';

/** Bot types: generic, incoming webhook, outgoing webhook, embedded. */
export const BOT_TYPES = { generic: 1, incomingWebhook: 2, outgoingWebhook: 3, embedded: 4 } as const;

/**
 * Refuses a bot type the caller may not create (the real server's `check_bot_creation_policy`
 * and `check_valid_bot_type`): `can_create_bots_group` may create any bot,
 * `can_create_write_only_bots_group` incoming-webhook bots only (`Insufficient permission`);
 * unknown types are `Invalid bot type`. Embedded bots are checked earlier (not enabled here).
 */
export function checkBotCreation(ctx: UserContext, botType: number): void {
  const anyBot = hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'can_create_bots_group');
  const writeOnly =
    botType === BOT_TYPES.incomingWebhook &&
    hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'can_create_write_only_bots_group');
  if (!anyBot && !writeOnly) throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  const allowed: number[] = anyBot
    ? [BOT_TYPES.generic, BOT_TYPES.incomingWebhook, BOT_TYPES.outgoingWebhook]
    : [BOT_TYPES.incomingWebhook];
  if (!allowed.includes(botType)) throw new ApiError('BAD_REQUEST', 'Invalid bot type');
}

/** Refuses an outgoing-webhook interface other than 1 (Zulip format) and 2 (Slack-compatible). */
export function checkInterfaceType(interfaceType: number): asserts interfaceType is 1 | 2 {
  if (interfaceType !== 1 && interfaceType !== 2) throw new ApiError('BAD_REQUEST', 'Invalid interface type');
}

/** Refuses a URL that is not an absolute http(s) URL (the real server's `check_url`). */
export function checkPayloadUrl(url: string, name: string): void {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw new ApiError('BAD_REQUEST', `${name} is not a URL`, { extra: { var_name: name } });
}
