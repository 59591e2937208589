import { linkMessageUploads } from '../attachments/link-attachments.js';
import { activeSubscriberIds, usersWithMetadataAccess } from '../model/channel-access.js';
import type { Context } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { emit } from '../events/emit.js';
import { renderMessage, type RenderedMessage } from '../markdown/render-message.js';
import { directRecipientId } from '../model/direct-message-groups.js';
import { insertMessage, type ChannelTarget, type DirectTarget } from './insert-message.js';
import { emitMessageEvent } from './message-events.js';
import { recipientMentionBits, topicWildcardParticipants, type MentionScope } from './message-mentions.js';
import { FLAG_BITS, type MessageRecord } from '../model/records/messages.js';
import { usersWithAlertWords } from '../model/alert-word-match.js';
import { usersWhoMuted } from '../model/muted-users.js';

/** What posting a message uses; other domains react to it through the message hooks (with the outbox runner). */
type Ctx = Pick<
  Context<'hooks' | 'jobs'>,
  'db' | 'indexes' | 'realm' | 'config' | 'now' | 'events' | 'hooks' | 'jobs' | 'log'
>;

/** A message to deliver, after the caller's checks. */
export interface Delivery {
  sender: UserRecord;
  content: string;
  client: string;
  readBySender: boolean;
  /** Recipients whose copy is read from the start (the user whose action a notice reports). */
  readBy?: readonly number[];
  localEcho?: { queueId: string; localId: string } | undefined;
}

/** Who a channel message reaches, for the wildcard-mention permission check. */
export interface WildcardAudience {
  /** Active subscribers of the channel (`@**all**` and friends). */
  subscriberCount: number;
  /** Participants of the topic when the message uses `@**topic**`, else undefined. */
  topicParticipants: ReadonlySet<number> | undefined;
}

/**
 * Stores a channel message (recipients: the channel's active subscribers), sets mention
 * flags, and emits its events. `checkMentions` sees the rendering and who the wildcards would
 * reach before anything is stored, and refuses what the sender may not do. Used by POST
 * /messages and by the server's own notices.
 */
export function postChannelMessage(
  ctx: Ctx,
  channel: ChannelRecord,
  topic: string,
  delivery: Delivery,
  checkMentions?: (rendered: RenderedMessage, audience: WildcardAudience) => void,
): MessageRecord {
  const recipients = activeSubscriberIds(ctx, channel.id).map((id) => ctx.db.get('users', id) as UserRecord);
  const rendered = renderMessage(ctx, delivery.content, { sender: delivery.sender });
  // `@**topic**` needs the topic's participants twice (permission, flags): one walk of the topic.
  const topicParticipants = topicWildcardParticipants(ctx, rendered, {
    channelId: channel.id,
    topic,
    senderId: delivery.sender.id,
  });
  checkMentions?.(rendered, { subscriberCount: recipients.length, topicParticipants });
  return deliver(ctx, {
    target: { kind: 'stream', channel, topic },
    recipients,
    rendered,
    delivery,
    scope: { kind: 'channel', topicParticipants },
  });
}

/**
 * Stores a direct message to `recipients` (the sender may be among them: it is a participant
 * and gets a row either way), sets mention flags, and emits its events. `checkMentions` sees
 * the rendering before anything is stored. Used by POST /messages and by the Notification
 * Bot's direct messages.
 */
export function postDirectMessage(
  ctx: Ctx,
  recipients: readonly UserRecord[],
  delivery: Delivery,
  checkMentions?: (rendered: RenderedMessage) => void,
): MessageRecord {
  const rendered = renderMessage(ctx, delivery.content, { sender: delivery.sender });
  checkMentions?.(rendered);
  const recipientId = directRecipientId(ctx, [delivery.sender.id, ...recipients.map((user) => user.id)]);
  return deliver(ctx, {
    target: { kind: 'private', recipientId },
    recipients,
    rendered,
    delivery,
    scope: { kind: 'direct' },
  });
}

interface Shipment {
  target: ChannelTarget | DirectTarget;
  recipients: readonly UserRecord[];
  rendered: RenderedMessage;
  delivery: Delivery;
  scope: MentionScope;
}

function deliver(ctx: Ctx, shipment: Shipment): MessageRecord {
  const { target, recipients, rendered, delivery } = shipment;
  const { sender } = delivery;
  const channel = target.kind === 'stream' ? target.channel : null;
  const mentions = recipientMentionBits(
    ctx,
    rendered,
    recipients.map((u) => u.id),
    shipment.scope,
  );
  const flags = new Map<number, number>();
  for (const user of recipients) flags.set(user.id, mentions.get(user.id) ?? 0);
  // The sender always gets a row, read unless a script sent the message.
  flags.set(sender.id, (flags.get(sender.id) ?? 0) | (delivery.readBySender ? FLAG_BITS.read : 0));
  for (const id of delivery.readBy ?? []) {
    const bits = flags.get(id);
    if (bits !== undefined) flags.set(id, bits | FLAG_BITS.read);
  }
  // Alert words of the recipients (never the sender's own message) and users who muted the
  // sender, whose copy arrives read, as on the real server.
  const others = [...flags.keys()].filter((id) => id !== sender.id);
  for (const id of usersWithAlertWords(ctx, delivery.content, others))
    flags.set(id, (flags.get(id) ?? 0) | FLAG_BITS.has_alert_word);
  for (const id of usersWhoMuted(ctx, sender.id)) {
    const bits = flags.get(id);
    if (bits !== undefined && id !== sender.id) flags.set(id, bits | FLAG_BITS.read);
  }
  const hadMessages = channel !== null && channel.first_message_id !== null;
  const message = insertMessage(
    ctx,
    {
      sender,
      content: delivery.content,
      client: delivery.client,
      flags,
      rendered: rendered.html,
      isMeMessage: rendered.isMeMessage,
      has: rendered,
    },
    target,
  );
  linkMessageUploads(ctx, message, rendered.uploadPathIds, sender);
  if (channel && !hadMessages) {
    emit(
      ctx,
      usersWithMetadataAccess(ctx, channel).map((u) => u.id),
      {
        type: 'stream',
        op: 'update',
        stream_id: channel.id,
        name: channel.name,
        property: 'first_message_id',
        value: message.id,
      },
    );
  }
  emitMessageEvent(ctx, message, { localEcho: delivery.localEcho });
  // Outgoing webhooks and push notifications decide here, in the same transaction.
  for (const hook of ctx.hooks.sent) hook(ctx, { message, sender, mentionedUserIds: rendered.mentions.userIds });
  return message;
}
