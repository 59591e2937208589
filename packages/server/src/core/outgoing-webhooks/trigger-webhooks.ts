import { SERVER_VERSION } from '@teamchat/schema';
import { formatMessage } from '../messages/format-message.js';
import type { HookContext, SentMessage } from '../runtime/message-hooks.js';
import type { UserRecord } from '../model/records/users.js';
import { participantsOf } from '../model/direct-message-groups.js';
import { realmHost } from '../model/email-visibility.js';
import { enqueueJob } from '../outbox/job-queue.js';

/** Where a triggering message was, for the bot's reply (and its failure notices). */
export type ReplyTarget =
  { kind: 'stream'; stream_id: number; topic: string } | { kind: 'private'; user_ids: number[] };

/** The payload of an `outgoing_webhook` job. */
export interface WebhookJobPayload {
  bot_id: number;
  message_id: number;
  trigger: 'mention' | 'direct_message';
  interface: 1 | 2;
  url: string;
  /** The request body as sent (JSON, or a form for the Slack-compatible interface). */
  body: string;
  content_type: string;
  /** The message's Markdown (`data`, the real server's `command`). */
  command: string;
  reply: ReplyTarget;
  /** Set when the bot's interface cannot take the message (Slack-compatible bots get no direct messages). */
  refused?: string;
}

/**
 * The outgoing webhooks a stored message triggers, as the real server's
 * `get_service_bot_events` decides them: never for messages sent by a bot (no loops); a
 * channel message for each active outgoing-webhook bot it mentions by name, non-silently
 * (`mention`; wildcards, groups and mentions in code do not count); a direct message for each
 * such bot among its participants (`direct_message`). Each becomes an outbox job with the
 * request already built, so it is delivered after the commit and survives a restart.
 *
 * @see https://zulip.com/api/outgoing-webhooks
 */
export function triggerOutgoingWebhooks(ctx: HookContext, { message, sender, mentionedUserIds }: SentMessage): void {
  if (sender.is_bot) return;
  const candidates = message.type === 'stream' ? [...mentionedUserIds] : participantsOf(ctx, message);
  const trigger = message.type === 'stream' ? 'mention' : 'direct_message';
  for (const id of [...new Set(candidates)].sort((a, b) => a - b)) {
    const bot = ctx.db.get('users', id);
    if (!bot?.is_active || bot.bot_type !== 3 || !bot.service) continue;
    const reply: ReplyTarget =
      message.stream_id !== null
        ? { kind: 'stream', stream_id: message.stream_id, topic: message.topic }
        : { kind: 'private', user_ids: participantsOf(ctx, message) };
    const request = buildRequest(ctx, bot, { message, trigger, service: bot.service });
    const payload: WebhookJobPayload = {
      bot_id: bot.id,
      message_id: message.id,
      trigger,
      interface: bot.service.interface,
      url: bot.service.base_url,
      command: message.content,
      reply,
      ...request,
    };
    enqueueJob(ctx, {
      kind: 'outgoing_webhook',
      userId: bot.id,
      payload: payload as unknown as Record<string, unknown>,
    });
  }
}

/** The `User-Agent` of outgoing-webhook requests (the real server's `ZulipOutgoingWebhook/<version>`). */
export const WEBHOOK_USER_AGENT = `ZulipOutgoingWebhook/${SERVER_VERSION}`;

function buildRequest(
  ctx: HookContext,
  bot: UserRecord,
  {
    message,
    trigger,
    service,
  }: {
    message: SentMessage['message'];
    trigger: WebhookJobPayload['trigger'];
    service: NonNullable<UserRecord['service']>;
  },
): Pick<WebhookJobPayload, 'body' | 'content_type' | 'refused'> {
  const formatted = formatMessage(ctx, message, bot, {
    applyMarkdown: false,
    clientExtavatar: false,
    allowEmptyTopicName: true,
    includeFlags: false,
  });
  if (service.interface === 2) {
    if (message.type === 'private')
      return { body: '', content_type: '', refused: "Slack outgoing webhooks don't support direct messages." };
    // The Slack outgoing-webhook format (api.slack.com legacy outgoing webhooks).
    const form = new URLSearchParams([
      ['token', service.token],
      ['team_id', `T${ctx.realm.id}`],
      ['team_domain', realmHost(ctx.config.realmUrl)],
      ['channel_id', `C${String(message.stream_id)}`],
      ['channel_name', String(formatted.display_recipient)],
      ['thread_ts', String(message.timestamp)],
      ['timestamp', String(message.timestamp)],
      ['user_id', `U${message.sender_id}`],
      ['user_name', formatted.sender_full_name],
      ['text', message.content],
      ['trigger_word', trigger],
      ['service_id', String(bot.id)],
    ]);
    return { body: form.toString(), content_type: 'application/x-www-form-urlencoded' };
  }
  const body = {
    data: message.content,
    message: { ...formatted, rendered_content: message.rendered_content },
    bot_email: bot.email,
    bot_full_name: bot.full_name,
    token: service.token,
    trigger,
  };
  return { body: JSON.stringify(body), content_type: 'application/json' };
}
