import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /bots/{bot_id}: deactivate a bot the caller administers (its owner, or an administrator). */
export const deactivateBot = defineEndpoint({
  name: 'bots.deactivate',
  method: 'DELETE',
  path: '/bots/{bot_id}',
  access: 'user',
  summary: 'Deactivate a bot.',
  docsNote: 'The real server has it (its web app uses it), but not in its API documentation.',
  params: z.object({ bot_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
