import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Attachment } from '../../models/realm-config.js';

/**
 * PATCH /messages/{message_id}: edit a message's content, or move it (and, with
 * `propagate_mode`, later or all messages of its topic) to another topic or channel.
 *
 * @see https://zulip.com/api/update-message
 */
export const updateMessage = defineEndpoint({
  name: 'messages.update',
  method: 'PATCH',
  path: '/messages/{message_id}',
  access: 'user',
  summary: 'Edit the content of a message or move messages to another topic or channel.',
  docs: 'update-message',
  params: z.object({
    message_id: z.number().int(),
    topic: z.string().optional(),
    propagate_mode: z.enum(['change_one', 'change_later', 'change_all']).default('change_one'),
    send_notification_to_old_thread: z.boolean().default(false),
    send_notification_to_new_thread: z.boolean().default(true),
    content: z.string().optional(),
    stream_id: z.number().int().optional(),
    /** Since feature level 379: SHA-256 of the content the edit started from. */
    prev_content_sha256: z.string().optional(),
  }),
  aliases: { subject: 'topic' },
  response: z.looseObject({
    /** Uploads whose only references the edit removed (since feature level 285). */
    detached_uploads: z.array(Attachment),
  }),
  errors: [
    'BAD_REQUEST',
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
    'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
    'TOPICS_NOT_ALLOWED',
    'MESSAGES_NOT_ALLOWED_IN_EMPTY_TOPIC',
  ],
});
