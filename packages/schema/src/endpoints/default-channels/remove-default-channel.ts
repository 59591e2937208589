import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /default_streams: an administrator removes a channel from the default channels. */
export const removeDefaultChannel = defineEndpoint({
  name: 'defaultChannels.remove',
  method: 'DELETE',
  path: '/default_streams',
  access: 'admin',
  summary: 'Remove a default channel.',
  docs: 'remove-default-stream',
  params: z.object({ stream_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
