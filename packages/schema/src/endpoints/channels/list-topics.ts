import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Topic } from '../../models/topic.js';

/**
 * GET /users/me/{stream_id}/topics: the topics of a channel, newest first.
 *
 * @see https://zulip.com/api/get-stream-topics
 */
export const listTopics = defineEndpoint({
  name: 'channels.listTopics',
  method: 'GET',
  path: '/users/me/{stream_id}/topics',
  access: 'user',
  summary: 'List the topics of a channel with the ID of the newest message of each.',
  docs: 'get-stream-topics',
  params: z.object({
    stream_id: z.number().int(),
    allow_empty_topic_name: z.boolean().default(false),
  }),
  response: z.looseObject({ topics: z.array(Topic) }),
  errors: ['BAD_REQUEST'],
});
