import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { RenderedMessage } from '../markdown/render-message.js';
import { hasPermission } from '../model/has-permission.js';
import { clientName, defaultReadBySender } from './client-name.js';
import { checkTopicPolicy, normalizeContent, normalizeTopic } from './message-content.js';
import { checkGroupMentions } from './message-mentions.js';
import { postChannelMessage, postDirectMessage, type Delivery, type WildcardAudience } from './post-message.js';
import { needsBotOwnerNotice, notifyBotOwner } from './bot-owner-notice.js';
import { checkCanPost, resolveChannel, resolveDirectRecipients } from './recipients.js';

/** Above this many subscribers (or topic participants) a wildcard mention needs permission. */
export const WILDCARD_MENTION_THRESHOLD = 15;

/** Refuses wildcard mentions of many users by senders outside `can_mention_many_users_group`. */
export function checkWildcardMentions(ctx: UserContext, rendered: RenderedMessage, audience: WildcardAudience): void {
  const allowed = () => hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'can_mention_many_users_group');
  if (rendered.mentions.streamWildcard && audience.subscriberCount > WILDCARD_MENTION_THRESHOLD && !allowed()) {
    throw new ApiError(
      'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
      'You do not have permission to use channel wildcard mentions in this channel.',
    );
  }
  if (
    rendered.mentions.topicWildcard &&
    (audience.topicParticipants?.size ?? 0) > WILDCARD_MENTION_THRESHOLD &&
    !allowed()
  ) {
    throw new ApiError(
      'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
      'You do not have permission to use topic wildcard mentions in this topic.',
    );
  }
}

/**
 * Before POST /messages takes the write lock: a bot posting to a channel that does not exist or
 * has no subscribers gets its owner a Notification Bot notice (`notifyBotOwner`), committed on
 * its own as the real server's is, so that it stays when the message is then refused. A store
 * that cannot write now skips it: the message's own write gives the answer.
 */
export async function prepareSendMessage(
  params: OperationParams<'messages.send'>,
  ctx: UserContext<'hooks' | 'jobs' | 'store'>,
): Promise<undefined> {
  if ((params.type !== 'stream' && params.type !== 'channel') || !needsBotOwnerNotice(ctx, ctx.user, params.to))
    return undefined;
  try {
    await ctx.store.write((db) => {
      const sender = db.get('users', ctx.user.id);
      if (sender) notifyBotOwner({ ...ctx, db }, sender, params.to);
    });
  } catch (error) {
    ctx.log.warn(
      `[teamchat-server] the notice to the owner of bot ${ctx.user.id} was not sent: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return undefined;
}

/**
 * POST /messages: a channel message (to a channel name or ID, with a topic) or a direct
 * message (to user IDs or emails). Content and topic are normalised as the real server does,
 * rendered, and stored with a row per recipient whose mention flags come from the rendering;
 * every recipient gets a `message` event (the sender's local-echo queue with
 * `local_message_id`).
 *
 * @see https://zulip.com/api/send-message
 */
export function sendMessage(params: OperationParams<'messages.send'>, ctx: UserContext<'hooks' | 'jobs'>) {
  const sender = ctx.user;
  const client = clientName(ctx.request.userAgent);
  const delivery: Delivery = {
    sender,
    content: normalizeContent(params.content),
    client,
    readBySender: params.read_by_sender ?? defaultReadBySender(client),
    localEcho:
      params.queue_id !== undefined && params.local_id !== undefined
        ? { queueId: params.queue_id, localId: params.local_id }
        : undefined,
  };
  if (params.type === 'stream' || params.type === 'channel') {
    const channel = resolveChannel(ctx, sender, params.to);
    checkCanPost(ctx, sender, channel);
    if (params.topic === undefined) throw new ApiError('BAD_REQUEST', 'Missing topic');
    const topic = normalizeTopic(ctx, params.topic);
    checkTopicPolicy(ctx, channel, topic);
    const message = postChannelMessage(ctx, channel, topic, delivery, (rendered, audience) => {
      checkGroupMentions(ctx, rendered);
      checkWildcardMentions(ctx, rendered, audience);
    });
    return { id: message.id };
  }
  const participants = resolveDirectRecipients(ctx, sender, params.to);
  return { id: postDirectMessage(ctx, participants, delivery, (rendered) => checkGroupMentions(ctx, rendered)).id };
}
