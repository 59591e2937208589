import { ApiError, endpoints } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { subscribe } from './subscribe.js';
import { unsubscribe } from './unsubscribe.js';

/**
 * PATCH /users/me/subscriptions: `add` then `delete` for the caller, with the rules of POST
 * and DELETE /users/me/subscriptions (the real server composes the two views). One
 * transaction: when the removal fails, the subscriptions added are undone and no event goes
 * out. Answers both halves: `subscribed`, `already_subscribed`, `new_subscription_messages_sent`,
 * `removed`, `not_removed`.
 */
export function updateSubscriptions(
  params: OperationParams<'channels.updateSubscriptions'>,
  ctx: UserContext<'hooks' | 'jobs'>,
) {
  const add = params.add ?? [];
  const remove = params.delete ?? [];
  if (add.length === 0 && remove.length === 0)
    throw new ApiError('BAD_REQUEST', 'Nothing to do. Specify at least one of "add" or "delete".');
  const added = subscribe(endpoints['channels.subscribe'].params.parse({ subscriptions: add }), ctx);
  const removed = unsubscribe({ subscriptions: remove }, ctx);
  return {
    subscribed: added.subscribed,
    already_subscribed: added.already_subscribed,
    new_subscription_messages_sent: added.new_subscription_messages_sent ?? false,
    removed: removed.removed,
    not_removed: removed.not_removed,
  };
}
