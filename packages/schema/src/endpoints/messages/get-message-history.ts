import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { MessageSnapshot } from '../../models/message-snapshot.js';

/**
 * GET /messages/{message_id}/history: every version of a message, oldest first.
 *
 * @see https://zulip.com/api/get-message-history
 */
export const getMessageHistory = defineEndpoint({
  name: 'messages.history',
  method: 'GET',
  path: '/messages/{message_id}/history',
  access: 'user',
  summary: 'Fetch the edit history of a message.',
  docs: 'get-message-history',
  params: z.object({
    message_id: z.number().int(),
    /** Since feature level 334. */
    allow_empty_topic_name: z.boolean().default(false),
  }),
  response: z.looseObject({ message_history: z.array(MessageSnapshot) }),
  errors: ['BAD_REQUEST'],
});
