import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** POST /bots/{bot_id}/api_key/regenerate: a new API key for a bot the caller administers; the old one stops working. */
export const regenerateBotApiKey = defineEndpoint({
  name: 'bots.regenerateApiKey',
  method: 'POST',
  path: '/bots/{bot_id}/api_key/regenerate',
  access: 'human-member',
  summary: "Regenerate a bot's API key.",
  docsNote: 'The real server has it (its web app uses it), but not in its API documentation.',
  params: z.object({ bot_id: z.number().int() }),
  response: z.looseObject({ api_key: z.string() }),
  errors: ['BAD_REQUEST'],
});
