import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Channel } from '../../models/channel.js';

/**
 * GET /streams/{stream_id}: one channel the caller has metadata access to.
 *
 * @see https://zulip.com/api/get-stream-by-id
 */
export const getChannel = defineEndpoint({
  name: 'channels.get',
  method: 'GET',
  path: '/streams/{stream_id}',
  access: 'user',
  since: 132,
  summary: 'Fetch a channel by ID.',
  docs: 'get-stream-by-id',
  params: z.object({ stream_id: z.number().int() }),
  response: z.looseObject({ stream: Channel }),
  errors: ['BAD_REQUEST'],
});
