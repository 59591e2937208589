import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * GET /get_stream_id: the ID of a channel given by name.
 *
 * @see https://zulip.com/api/get-stream-id
 */
export const getChannelId = defineEndpoint({
  name: 'channels.getId',
  method: 'GET',
  path: '/get_stream_id',
  access: 'user',
  summary: 'Look up the ID of a channel by its name.',
  docs: 'get-stream-id',
  params: z.object({ stream: z.string() }),
  response: z.looseObject({ stream_id: z.number().int() }),
  errors: ['BAD_REQUEST'],
});
