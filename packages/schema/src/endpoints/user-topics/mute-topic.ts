import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** PATCH /users/me/subscriptions/muted_topics: mute or unmute a topic (deprecated since FL 170). */
export const muteTopic = defineEndpoint({
  name: 'userTopics.muteTopic',
  method: 'PATCH',
  path: '/users/me/subscriptions/muted_topics',
  access: 'user',
  summary: 'Mute or unmute a topic (deprecated).',
  docs: 'mute-topic',
  deprecated: 'POST /user_topics (userTopics.update)',
  params: z.object({
    /** The channel by ID, or (legacy) by name: exactly one of the two. */
    stream_id: z.number().int().optional(),
    stream: z.string().optional(),
    topic: z.string(),
    op: z.enum(['add', 'remove']),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'STREAM_DOES_NOT_EXIST'],
});
