import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * GET /streams/{stream_id}/members: the IDs of the active subscribers of a channel.
 *
 * @see https://zulip.com/api/get-subscribers
 */
export const listSubscribers = defineEndpoint({
  name: 'channels.listSubscribers',
  method: 'GET',
  path: '/streams/{stream_id}/members',
  access: 'user',
  summary: 'List the subscribers of a channel.',
  docs: 'get-subscribers',
  params: z.object({ stream_id: z.number().int() }),
  response: z.looseObject({ subscribers: z.array(z.number().int()) }),
  errors: ['BAD_REQUEST'],
});
