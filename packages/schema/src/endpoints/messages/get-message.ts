import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Message } from '../../models/message.js';

/**
 * GET /messages/{message_id}: one message the caller can see, with its flags. The `message`
 * object exists since feature level 120 (before, only `raw_content`).
 *
 * @see https://zulip.com/api/get-message
 */
export const getMessage = defineEndpoint({
  name: 'messages.get',
  method: 'GET',
  path: '/messages/{message_id}',
  access: 'user',
  since: 120,
  summary: 'Fetch a single message.',
  docs: 'get-message',
  params: z.object({
    message_id: z.number().int(),
    apply_markdown: z.boolean().default(true),
    allow_empty_topic_name: z.boolean().default(false),
  }),
  response: z.looseObject({
    message: Message,
    /** @deprecated The raw Markdown; read `message.content` with `apply_markdown: false`. */
    raw_content: z.string(),
  }),
  errors: ['BAD_REQUEST'],
});
