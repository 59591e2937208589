import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** POST /fetch_api_key: trade an email and password for the account's API key. */
export const fetchApiKey = defineEndpoint({
  name: 'server.fetchApiKey',
  method: 'POST',
  path: '/fetch_api_key',
  access: 'public',
  summary: "Fetch an account's API key with its email address and password.",
  docs: 'fetch-api-key',
  params: z.object({ username: z.string(), password: z.string() }),
  response: z.looseObject({ api_key: z.string(), email: z.string(), user_id: z.number().int() }),
  errors: ['AUTHENTICATION_FAILED', 'USER_DEACTIVATED', 'REALM_DEACTIVATED', 'RATE_LIMIT_HIT'],
});
