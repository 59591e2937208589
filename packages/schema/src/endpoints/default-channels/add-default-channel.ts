import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** POST /default_streams: an administrator makes a channel one that new users join. */
export const addDefaultChannel = defineEndpoint({
  name: 'defaultChannels.add',
  method: 'POST',
  path: '/default_streams',
  access: 'admin',
  summary: 'Add a default channel.',
  docs: 'add-default-stream',
  params: z.object({ stream_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
