import { ApiError, endpoints } from '@teamchat/schema';
import type { UserContext } from '../context.js';
import type { ChannelRecord, UserRecord } from '../db.js';
import { emit } from '../events/emit.js';
import { implement } from '../implement.js';
import { userInSetting } from '../permissions/membership.js';
import { usersWithMetadataAccess } from '../channels/channel-access.js';
import { clientName, defaultReadBySender } from './client-name.js';
import { directRecipientId } from './direct-message-groups.js';
import { insertMessage } from './insert-message.js';
import { checkTopicPolicy, normalizeContent, normalizeTopic } from './message-content.js';
import { emitMessageEvent } from './message-events.js';
import { FLAG_BITS, type MessageRecord } from './message-record.js';
import { checkCanPost, resolveChannel, resolveDirectRecipients } from './recipients.js';
import { renderMessage, type RenderedMessage } from '../markdown/render-message.js';
import { topicParticipantIds } from '../markdown/mention-flags.js';
import { checkGroupMentions, recipientMentionBits } from './message-mentions.js';

/** Above this many subscribers (or topic participants) a wildcard mention needs permission. */
export const WILDCARD_MENTION_THRESHOLD = 15;

function activeSubscribers(ctx: Pick<UserContext, 'db' | 'indexes'>, channel: ChannelRecord): UserRecord[] {
  const users: UserRecord[] = [];
  for (const id of ctx.indexes.subscribersByChannel.get(channel.id) ?? []) {
    const user = ctx.db.get('users', id);
    if (user?.is_active) users.push(user);
  }
  return users;
}

/** Refuses wildcard mentions of many users by senders outside `can_mention_many_users_group`. */
export function checkWildcardMentions(ctx: UserContext, rendered: RenderedMessage, channel: ChannelRecord, topic: string, subscriberCount: number): void {
  const allowed = () => userInSetting(ctx, ctx.user, ctx.realm.groups.can_mention_many_users_group);
  if (rendered.mentions.streamWildcard && subscriberCount > WILDCARD_MENTION_THRESHOLD && !allowed()) {
    throw new ApiError('STREAM_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use channel wildcard mentions in this channel.');
  }
  if (rendered.mentions.topicWildcard && topicParticipantIds(ctx, { channelId: channel.id, topic, senderId: ctx.user.id }).size > WILDCARD_MENTION_THRESHOLD && !allowed()) {
    throw new ApiError('TOPIC_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use topic wildcard mentions in this topic.');
  }
}

/** A message to deliver, after the caller's checks. */
export interface Delivery {
  sender: UserRecord;
  content: string;
  client: string;
  readBySender: boolean;
  localEcho?: { queueId: string; localId: string } | undefined;
}

/**
 * Stores a channel message (recipients: the channel's active subscribers), sets mention
 * flags, and emits its events. `checkMentions` refuses wildcard mentions the sender may not
 * make. Used by POST /messages and by the server's own notices.
 */
export function postChannelMessage(ctx: Pick<UserContext, 'db' | 'indexes' | 'realm' | 'config' | 'now' | 'events'> & { user?: UserRecord }, channel: ChannelRecord, topic: string, delivery: Delivery, checkMentions?: (rendered: RenderedMessage, subscribers: number) => void): MessageRecord {
  const recipients = activeSubscribers(ctx, channel);
  const rendered = renderMessage(ctx, delivery.content, { sender: delivery.sender });
  checkMentions?.(rendered, recipients.length);
  return deliver(ctx, { kind: 'stream', channel, topic }, recipients, rendered, delivery);
}

function deliver(
  ctx: Pick<UserContext, 'db' | 'indexes' | 'realm' | 'config' | 'now' | 'events'>,
  target: Parameters<typeof insertMessage>[2],
  recipients: readonly UserRecord[],
  rendered: RenderedMessage,
  delivery: Delivery,
): MessageRecord {
  const { sender } = delivery;
  const channel = target.kind === 'stream' ? target.channel : null;
  const place = target.kind === 'stream' ? { channelId: target.channel.id, topic: target.topic } : null;
  const mentions = recipientMentionBits(ctx, rendered, recipients.map((u) => u.id), place, sender.id);
  const flags = new Map<number, number>();
  for (const user of recipients) flags.set(user.id, mentions.get(user.id) ?? 0);
  // The sender always gets a row, read unless a script sent the message.
  flags.set(sender.id, (flags.get(sender.id) ?? 0) | (delivery.readBySender ? FLAG_BITS.read : 0));
  const hadMessages = channel !== null && channel.first_message_id !== null;
  const message = insertMessage(
    ctx,
    { sender, content: delivery.content, client: delivery.client, flags, rendered: rendered.html, isMeMessage: rendered.isMeMessage, has: rendered },
    target,
  );
  if (channel && !hadMessages) {
    emit(ctx, usersWithMetadataAccess(ctx, channel).map((u) => u.id), {
      type: 'stream',
      op: 'update',
      stream_id: channel.id,
      name: channel.name,
      property: 'first_message_id',
      value: message.id,
    });
  }
  emitMessageEvent(ctx, message, { localEcho: delivery.localEcho });
  return message;
}

/**
 * POST /messages: a channel message (to a channel name or ID, with a topic) or a direct
 * message (to user IDs or emails). Content and topic are normalised as the real server does,
 * rendered, and stored with a row per recipient whose mention flags come from the rendering;
 * every recipient gets a `message` event (the sender's local-echo queue with
 * `local_message_id`).
 *
 * @see shared/reference/messages-and-events.md §3
 */
export const sendMessageImpl = implement(endpoints['messages.send'], (params, ctx) => {
  const sender = ctx.user;
  const client = clientName(ctx.request.userAgent);
  const delivery: Delivery = {
    sender,
    content: normalizeContent(params.content),
    client,
    readBySender: params.read_by_sender ?? defaultReadBySender(client),
    localEcho: params.queue_id !== undefined && params.local_id !== undefined ? { queueId: params.queue_id, localId: params.local_id } : undefined,
  };
  if (params.type === 'stream' || params.type === 'channel') {
    const channel = resolveChannel(ctx, sender, params.to);
    checkCanPost(ctx, sender, channel);
    if (params.topic === undefined) throw new ApiError('BAD_REQUEST', 'Missing topic');
    const topic = normalizeTopic(ctx, params.topic);
    checkTopicPolicy(ctx, channel, topic);
    const message = postChannelMessage(ctx, channel, topic, delivery, (rendered, subscribers) => {
      checkGroupMentions(ctx, rendered);
      checkWildcardMentions(ctx, rendered, channel, topic, subscribers);
    });
    return { id: message.id };
  }
  const recipients = resolveDirectRecipients(ctx, sender, params.to);
  const rendered = renderMessage(ctx, delivery.content, { sender });
  checkGroupMentions(ctx, rendered);
  const target = { kind: 'private' as const, recipientId: directRecipientId(ctx, recipients.map((u) => u.id)) };
  return { id: deliver(ctx, target, recipients, rendered, delivery).id };
});
