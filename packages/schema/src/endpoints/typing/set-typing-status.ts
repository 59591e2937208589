import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /typing: tell the other participants of a direct-message conversation (`to`) or of a
 * channel topic (`stream_id`, `topic`) that the caller started or stopped composing.
 */
export const setTypingStatus = defineEndpoint({
  name: 'typing.setStatus',
  method: 'POST',
  path: '/typing',
  access: 'user',
  summary: 'Set the typing status.',
  docs: 'set-typing-status',
  params: z.object({
    /** `direct` (default; `private` before FL 174), or `stream` (`channel` since FL 248). */
    type: z.enum(['direct', 'private', 'stream', 'channel']).default('direct'),
    op: z.enum(['start', 'stop']),
    /** User IDs of the conversation's other participants (direct messages). */
    to: z.array(z.number().int()).optional(),
    /** The channel (channel topics, FL 215). */
    stream_id: z.number().int().optional(),
    topic: z.string().optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
