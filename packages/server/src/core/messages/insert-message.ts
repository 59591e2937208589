import type { Context } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { renderMarkdown } from '../markdown/render-markdown.js';
import { setMessageRows } from '../model/message-flags.js';
import { FLAG_BITS, type MessageRecord } from '../model/records/messages.js';

type Ctx = Pick<Context, 'db' | 'now'>;

/** What a stored message is made of. */
export interface NewMessage {
  /** A given ID (fixtures); the next one otherwise. */
  id?: number;
  sender: UserRecord;
  content: string;
  client: string;
  /** Seconds; defaults to the context's clock. */
  timestamp?: number;
  /** Flag bits per recipient (user ID → bits); the sender's `read` is decided by the caller. */
  flags: Map<number, number>;
  rendered?: string;
  isMeMessage?: boolean;
  /** What the rendered content contains (links, images, uploads); worked out from the HTML when omitted. */
  has?: { hasLink: boolean; hasImage: boolean; hasAttachment: boolean };
}

/** A channel message's addressing. */
export interface ChannelTarget {
  kind: 'stream';
  channel: ChannelRecord;
  topic: string;
}

/** A direct message's addressing: the conversation's recipient and its participants. */
export interface DirectTarget {
  kind: 'private';
  recipientId: number;
}

const LINK = /https?:\/\/|<a href=/;

/**
 * Stores a message with its per-user rows, and keeps the channel's `first_message_id`.
 * Validation, rendering choices and events belong to the caller (sending, the seed).
 */
export function insertMessage(ctx: Ctx, message: NewMessage, target: ChannelTarget | DirectTarget): MessageRecord {
  const rendered = message.rendered ?? renderMarkdown(message.content).html;
  const record: MessageRecord = {
    id: message.id ?? ctx.db.nextId('messages'),
    type: target.kind,
    sender_id: message.sender.id,
    recipient_id: target.kind === 'stream' ? target.channel.recipient_id : target.recipientId,
    stream_id: target.kind === 'stream' ? target.channel.id : null,
    topic: target.kind === 'stream' ? target.topic : '',
    content: message.content,
    rendered_content: rendered,
    is_me_message: message.isMeMessage ?? /^\/me /.test(message.content),
    timestamp: message.timestamp ?? Math.floor(ctx.now() / 1000),
    client: message.client,
    edit_history: [],
    reactions: [],
    submessages: [],
    has_link: message.has?.hasLink ?? LINK.test(rendered),
    has_image: message.has?.hasImage ?? rendered.includes('<img'),
    has_attachment: message.has?.hasAttachment ?? rendered.includes('/user_uploads/'),
  };
  ctx.db.put('messages', record);
  setMessageRows(ctx, record.id, message.flags);
  if (target.kind === 'stream' && target.channel.first_message_id === null) {
    ctx.db.patch('channels', target.channel.id, { first_message_id: record.id });
  }
  return record;
}

/** The flag bits a sender starts with on their own message. */
export function senderFlags(readBySender: boolean): number {
  return readBySender ? FLAG_BITS.read : 0;
}
