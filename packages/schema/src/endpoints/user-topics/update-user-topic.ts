import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /user_topics: set the caller's visibility policy of a topic (FL 170): 0 none, 1
 * muted, 2 unmuted, 3 followed.
 */
export const updateUserTopic = defineEndpoint({
  name: 'userTopics.update',
  method: 'POST',
  path: '/user_topics',
  access: 'user',
  since: 170,
  summary: 'Mute, unmute or follow a topic.',
  docs: 'update-user-topic',
  params: z.object({
    stream_id: z.number().int(),
    topic: z.string(),
    visibility_policy: z.literal([0, 1, 2, 3]),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
