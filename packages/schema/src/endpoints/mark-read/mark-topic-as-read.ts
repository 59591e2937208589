import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** POST /mark_topic_as_read: mark the caller's messages of a topic read. */
export const markTopicAsRead = defineEndpoint({
  name: 'messages.markTopicAsRead',
  method: 'POST',
  path: '/mark_topic_as_read',
  access: 'user',
  summary: 'Mark the messages of a topic as read.',
  docs: 'mark-topic-as-read',
  params: z.object({ stream_id: z.number().int(), topic_name: z.string() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
