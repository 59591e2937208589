import { isApiError } from '@teamchat/schema';
import { encodeChannelSlug, encodeHashComponent } from '../markdown/hash-encoding.js';
import { postChannelMessage, postDirectMessage } from '../messages/post-message.js';
import type { UserRecord } from '../model/records/users.js';
import type { OutcomeContext } from '../outbox/job-queue.js';
import type { ReplyTarget, WebhookJobPayload } from './trigger-webhooks.js';

/** The client name of the bot's replies (the real server's `OutgoingWebhookResponse`). */
const CLIENT = 'OutgoingWebhookResponse';

/**
 * Posts `content` from the bot where the triggering message was: the same channel and topic,
 * or the same direct-message conversation (the real server's `send_response_message`; the
 * bot's channel access is not checked). Answers the new message's ID, or null when the place
 * is gone (the channel was archived or deleted).
 */
export function postReply(ctx: OutcomeContext, bot: UserRecord, target: ReplyTarget, content: string): number | null {
  const delivery = { sender: bot, content, client: CLIENT, readBySender: true };
  if (target.kind === 'stream') {
    const channel = ctx.db.get('channels', target.stream_id);
    if (!channel || channel.is_archived) return null;
    return postChannelMessage(ctx, channel, target.topic, delivery).id;
  }
  const users = target.user_ids
    .map((id) => ctx.db.get('users', id))
    .filter((user): user is UserRecord => user?.is_active === true);
  return postDirectMessage(ctx, users, delivery).id;
}

/** `Failure! <reason>` from the bot where the message was (the real server's `fail_with_message`). */
export function failWithMessage(ctx: OutcomeContext, bot: UserRecord, job: WebhookJobPayload, reason: string): void {
  try {
    postReply(ctx, bot, job.reply, `Failure! ${reason}`);
  } catch (error) {
    if (!isApiError(error)) throw error;
    ctx.log.warn('outgoing webhook: the failure notice could not be posted', {
      bot: bot.id,
      message_id: job.message_id,
      error: error.msg,
    });
  }
}

/** The link to the triggering message (the real server's `near_message_url`). */
function messageUrl(ctx: OutcomeContext, job: WebhookJobPayload): string {
  const base = `${ctx.config.realmUrl}/#narrow`;
  if (job.reply.kind === 'private') return `${base}/dm/${job.reply.user_ids.join(',')}-group/near/${job.message_id}`;
  const channel = ctx.db.get('channels', job.reply.stream_id);
  return `${base}/channel/${encodeChannelSlug(job.reply.stream_id, channel?.name ?? '')}/topic/${encodeHashComponent(job.reply.topic)}/near/${job.message_id}`;
}

/** What went wrong, for the owner's notice. */
export interface OwnerNotice {
  status?: number;
  response?: string;
  failure?: string;
  exception?: { name: string; message: string };
}

/**
 * A direct message from the bot to its owner explaining a failed delivery (the real server's
 * `notify_bot_owner`): which message triggered it, then the exception, the failure or the
 * status, then the response body.
 */
export function notifyBotOwner(
  ctx: OutcomeContext,
  bot: UserRecord,
  job: WebhookJobPayload,
  notice: OwnerNotice,
): void {
  const owner = bot.bot_owner_id === null ? undefined : ctx.db.get('users', bot.bot_owner_id);
  if (!owner?.is_active) return;
  let text = `[A message](${messageUrl(ctx, job)}) to your bot @_**${bot.full_name}** triggered an outgoing webhook.`;
  if (notice.exception) {
    text += `\nWhen trying to send a request to the webhook service, an exception of type ${notice.exception.name} occurred:\n\`\`\`\n${notice.exception.message}\n\`\`\``;
  } else if (notice.failure) {
    text += `\n${notice.failure}`;
  } else if (notice.status !== undefined) {
    text += `\nThe webhook got a response with status code *${notice.status}*.`;
  }
  if (notice.response) text += `\nThe response contains the following payload:\n\`\`\`\n${notice.response}\n\`\`\``;
  postDirectMessage(ctx, [owner], { sender: bot, content: text, client: CLIENT, readBySender: true });
}
