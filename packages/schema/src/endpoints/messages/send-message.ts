import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** Message types a sender may name: `channel`/`stream`, `direct`/`private` (legacy spellings). */
export const MESSAGE_SEND_TYPES = ['direct', 'private', 'channel', 'stream'] as const;

/**
 * Recipients of a new message: a channel name or ID, or a list of user IDs or emails (a
 * comma-separated email string is the legacy form).
 */
export const MessageRecipients = z.union([
  z.string(),
  z.number().int(),
  z.array(z.number().int()),
  z.array(z.string()),
]);
export type MessageRecipients = z.infer<typeof MessageRecipients>;

/**
 * POST /messages: send a channel or direct message.
 *
 * @see https://zulip.com/api/send-message
 */
export const sendMessage = defineEndpoint({
  name: 'messages.send',
  method: 'POST',
  path: '/messages',
  access: 'user',
  summary: 'Send a channel message or a direct message.',
  docs: 'send-message',
  params: z.object({
    type: z.enum(MESSAGE_SEND_TYPES),
    to: MessageRecipients,
    /** Required in meaning for channel messages; ignored for direct messages. */
    topic: z.string().optional(),
    content: z.string(),
    /** With `local_id`: the event queue that gets the local-echo `local_message_id`. */
    queue_id: z.string().optional(),
    local_id: z.string().optional(),
    /** Since feature level 236. */
    read_by_sender: z.boolean().optional(),
  }),
  aliases: { subject: 'topic' },
  response: z.looseObject({
    id: z.number().int(),
    /** Present when sending changed the sender's visibility policy for the topic (2 unmuted, 3 followed). */
    automatic_new_visibility_policy: z.number().int().optional(),
  }),
  errors: [
    'BAD_REQUEST',
    'STREAM_DOES_NOT_EXIST',
    'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
    'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
    'TOPICS_NOT_ALLOWED',
    'MESSAGES_NOT_ALLOWED_IN_EMPTY_TOPIC',
  ],
});
