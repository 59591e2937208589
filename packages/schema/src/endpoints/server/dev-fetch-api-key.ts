import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /dev_fetch_api_key: any active account's API key by its email address, without a
 * password: development servers only (`teamchat-server --dev`); elsewhere `Endpoint not
 * available in production.`
 */
export const devFetchApiKey = defineEndpoint({
  name: 'server.devFetchApiKey',
  method: 'POST',
  path: '/dev_fetch_api_key',
  access: 'public',
  summary: "Fetch any account's API key on a development server.",
  docs: 'dev-fetch-api-key',
  params: z.object({ username: z.string() }),
  response: z.looseObject({ api_key: z.string(), email: z.string(), user_id: z.number().int() }),
  errors: ['BAD_REQUEST', 'AUTHENTICATION_FAILED', 'USER_DEACTIVATED'],
});
