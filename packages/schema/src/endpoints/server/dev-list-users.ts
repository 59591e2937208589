import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** An account a development server's login page offers: its address and its organization's URL. */
const DevUser = z.looseObject({
  email: z.string(),
  realm_url: z.string(),
  /** The same URL under its deprecated name, which older clients (zulip-mobile) read. */
  realm_uri: z.string(),
});

/**
 * GET /dev_list_users: the active human accounts a development server lets anyone log in as
 * (with POST /dev_fetch_api_key), administrators and owners apart: what the mobile apps'
 * development login lists. Development servers only (`teamchat-server --dev`); elsewhere
 * `Endpoint not available in production.`
 */
export const devListUsers = defineEndpoint({
  name: 'server.devListUsers',
  method: 'GET',
  path: '/dev_list_users',
  access: 'public',
  summary: 'List the accounts to log in as on a development server.',
  docsNote: 'Development servers only (the mobile app logs in with it); not in the API documentation.',
  params: z.object({}),
  response: z.looseObject({ direct_admins: z.array(DevUser), direct_users: z.array(DevUser) }),
  errors: ['BAD_REQUEST'],
});
