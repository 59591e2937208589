import { isApiError } from '@teamchat/schema';
import type { Services } from '../runtime/services.js';
import type { OutboxRecord } from '../model/records/outbox.js';
import type { UserRecord } from '../model/records/users.js';
import type { JobRunner, JobOutcome, OutcomeContext } from '../outbox/job-queue.js';
import { failWithMessage, notifyBotOwner, postReply } from './webhook-replies.js';
import { WEBHOOK_USER_AGENT, type WebhookJobPayload } from './trigger-webhooks.js';

/** The most of a response body kept in the delivery record and the owner's notice. */
const MAX_KEPT_BODY = 2000;

/** The reply an integration asked for: content to post, or null for none. */
function replyContent(payload: WebhookJobPayload, body: string): { content: string | null } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { error: 'Invalid JSON in response' };
  }
  // zulip_botserver before 2021-05 answered json.dumps("") for "no reply".
  if (json === '') return { content: null };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { error: 'Invalid response format' };
  const reply = json as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  let content: string | null = null;
  if (payload.interface === 2) {
    if ('text' in reply) content = text(reply['text']);
  } else if (reply['response_not_required']) {
    content = null;
  } else if ('response_string' in reply) {
    content = text(reply['response_string']);
  } else if ('content' in reply) {
    content = text(reply['content']);
  }
  return { content: content === null || content.trim() === '' ? null : content };
}

/** Runs `apply` with the bot as it is now (nothing when it is gone or deactivated). */
function withBot(
  job: OutboxRecord,
  apply: (ctx: OutcomeContext, bot: UserRecord, final: boolean) => void,
): NonNullable<JobOutcome['apply']> {
  return (ctx, final) => {
    const bot = ctx.db.get('users', job.user_id);
    if (bot?.is_active) apply(ctx, bot, final);
  };
}

/**
 * Delivers one outgoing-webhook job and decides what follows, as the real server's
 * `do_rest_call` and `process_success_response`: a 2xx answer is read as a reply (posted by
 * the bot where the message was); any other status is a failure at once (`Failure! Third party
 * responded with <status>` and a notice to the bot's owner); timeouts and failed connections
 * are retried (`outgoingWebhookMaxRetries`, after `outgoingWebhookRetryDelaySecs`), then
 * `Failure! Bot is unavailable` and the owner's notice; other errors fail at once.
 *
 * @see https://zulip.com/api/outgoing-webhooks
 */
export const deliverWebhook: JobRunner = {
  lane: 'outgoing_webhook',
  maxRetries: (services) => services.config.outgoingWebhookMaxRetries,
  retryDelayMs: (services) => services.config.outgoingWebhookRetryDelaySecs * 1000,
  async run(services: Services, job: OutboxRecord): Promise<JobOutcome> {
    const payload = job.payload as unknown as WebhookJobPayload;
    const log = { bot: job.user_id, message_id: payload.message_id, url: payload.url, attempt: job.attempts + 1 };
    if (payload.refused) {
      const reason = payload.refused;
      return {
        outcome: 'failed',
        error: reason,
        apply: withBot(job, (ctx, bot) => failWithMessage(ctx, bot, payload, reason)),
      };
    }
    const timeoutSecs = services.config.outgoingWebhookTimeoutSecs;
    const started = services.monotonic();
    const result = await services.outbound({
      url: payload.url,
      method: 'POST',
      headers: { 'content-type': payload.content_type, 'user-agent': WEBHOOK_USER_AGENT },
      body: payload.body,
      timeoutMs: timeoutSecs * 1000,
    });
    switch (result.kind) {
      case 'response': {
        const kept = result.body.slice(0, MAX_KEPT_BODY);
        if (result.status < 200 || result.status > 299) {
          services.log.warn('outgoing webhook answered with an error status', { ...log, status: result.status });
          return {
            outcome: 'failed',
            status: result.status,
            error: kept || null,
            apply: withBot(job, (ctx, bot) => {
              failWithMessage(ctx, bot, payload, `Third party responded with ${result.status}`);
              notifyBotOwner(ctx, bot, payload, { status: result.status, response: kept });
            }),
          };
        }
        const reply = replyContent(payload, result.body);
        services.log.info('outgoing webhook delivered', {
          ...log,
          status: result.status,
          ms: Math.round(services.monotonic() - started),
        });
        if ('error' in reply) {
          return {
            outcome: 'delivered',
            status: result.status,
            error: reply.error,
            apply: withBot(job, (ctx, bot) => replyFailed(ctx, bot, payload, reply.error, kept)),
          };
        }
        const content = reply.content;
        return {
          outcome: 'delivered',
          status: result.status,
          apply: withBot(job, (ctx, bot) => {
            if (content === null) return;
            try {
              const id = postReply(ctx, bot, payload.reply, content);
              if (id !== null) ctx.db.patch('outbox', job.id, { payload: { ...job.payload, reply_message_id: id } });
            } catch (error) {
              if (!isApiError(error)) throw error;
              replyFailed(ctx, bot, payload, error.msg, kept);
            }
          }),
        };
      }
      case 'timeout':
      case 'connection-error': {
        const failure =
          result.kind === 'timeout'
            ? `Request timed out after ${timeoutSecs} seconds.`
            : 'A connection error occurred. Is my bot server down?';
        services.log.warn(`outgoing webhook ${result.kind === 'timeout' ? 'timed out' : 'could not connect'}`, {
          ...log,
          ...(result.kind === 'connection-error' ? { error: result.message } : {}),
        });
        return {
          outcome: 'retry',
          error: failure,
          apply: withBot(job, (ctx, bot, final) => {
            if (!final) return;
            ctx.log.warn('outgoing webhook: maximum retries exceeded', {
              bot: bot.email,
              message_id: payload.message_id,
            });
            failWithMessage(ctx, bot, payload, 'Bot is unavailable');
            notifyBotOwner(ctx, bot, payload, { failure });
          }),
        };
      }
      case 'error': {
        services.log.error('outgoing webhook request failed', { ...log, error: `${result.name}: ${result.message}` });
        return {
          outcome: 'failed',
          error: `${result.name}: ${result.message}`,
          apply: withBot(job, (ctx, bot) => {
            failWithMessage(
              ctx,
              bot,
              payload,
              `An exception of type *${result.name}* occurred for message \`${payload.command}\`! See the Zulip server logs for more information.`,
            );
            notifyBotOwner(ctx, bot, payload, { exception: { name: result.name, message: result.message } });
          }),
        };
      }
    }
  },
};

/** A reply that could not be used (bad JSON, or refused when posted): the failure and the owner's notice. */
function replyFailed(
  ctx: OutcomeContext,
  bot: UserRecord,
  payload: WebhookJobPayload,
  error: string,
  response: string,
): void {
  failWithMessage(ctx, bot, payload, error);
  notifyBotOwner(ctx, bot, payload, {
    response,
    failure: `The outgoing webhook server attempted to send a message in Zulip, but that request resulted in the following error:\n> ${error}`,
  });
}
