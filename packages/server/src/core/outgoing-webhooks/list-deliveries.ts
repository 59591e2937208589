import { ApiError, type WebhookDelivery } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { isAdmin } from '../model/roles.js';
import type { WebhookJobPayload } from './trigger-webhooks.js';

const seconds = (ms: number | null): number | null => (ms === null ? null : Math.floor(ms / 1000));

/**
 * GET /outgoing_webhooks/deliveries: the outbox's outgoing-webhook jobs, newest first, for the
 * bots the caller administers (all for administrators); `bot_id` narrows to one bot the
 * caller administers (`No such bot` otherwise).
 */
export function listWebhookDeliveries(params: OperationParams<'outgoingWebhooks.deliveries'>, ctx: UserContext) {
  if (params.bot_id !== undefined) {
    const bot = ctx.db.get('users', params.bot_id);
    if (!bot?.is_bot || (!isAdmin(ctx.user) && bot.bot_owner_id !== ctx.user.id))
      throw new ApiError('BAD_REQUEST', 'No such bot');
  }
  const visible = (botId: number) => isAdmin(ctx.user) || ctx.db.get('users', botId)?.bot_owner_id === ctx.user.id;
  const deliveries: WebhookDelivery[] = [];
  for (const job of ctx.db.all('outbox')) {
    if (
      job.kind !== 'outgoing_webhook' ||
      (params.bot_id !== undefined && job.user_id !== params.bot_id) ||
      !visible(job.user_id)
    )
      continue;
    const payload = job.payload as unknown as WebhookJobPayload & { reply_message_id?: number };
    deliveries.push({
      id: job.id,
      bot_id: job.user_id,
      message_id: payload.message_id,
      trigger: payload.trigger,
      url: payload.url,
      status: job.status,
      attempts: job.attempts,
      created_at: Math.floor(job.created_at / 1000),
      last_attempt_at: seconds(job.last_attempt_at),
      next_attempt_at: job.status === 'pending' ? seconds(job.next_attempt_at) : null,
      last_status: job.last_status,
      last_error: job.last_error,
      reply_message_id: payload.reply_message_id ?? null,
    });
  }
  return { deliveries: deliveries.sort((a, b) => b.id - a.id).slice(0, params.limit) };
}
