import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /streams/{stream_id}/delete_topic: delete every message of a topic, newest first, in
 * batches. Administrators only. `complete: false` means a time-out interrupted it: repeat the
 * request.
 *
 * @see https://zulip.com/api/delete-topic
 */
export const deleteTopic = defineEndpoint({
  name: 'channels.deleteTopic',
  method: 'POST',
  path: '/streams/{stream_id}/delete_topic',
  access: 'admin',
  summary: 'Delete all messages of a topic (administrators only).',
  docs: 'delete-topic',
  params: z.object({
    stream_id: z.number().int(),
    /** The value of `realm_empty_topic_display_name` names the empty topic. */
    topic_name: z.string(),
  }),
  response: z.looseObject({ complete: z.boolean() }),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
