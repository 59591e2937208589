import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { OwnBot } from '../../models/bot.js';

/**
 * GET /bots: the caller's own active bots, oldest first, with their API keys (administrators
 * see every bot in `realm_bots` of POST /register instead).
 */
export const listBots = defineEndpoint({
  name: 'bots.list',
  method: 'GET',
  path: '/bots',
  access: 'human-member',
  summary: "List the caller's own bots.",
  docsNote: 'The real server has it (its web app uses it), but not in its API documentation.',
  params: z.object({}),
  response: z.looseObject({ bots: z.array(OwnBot) }),
  errors: [],
});
