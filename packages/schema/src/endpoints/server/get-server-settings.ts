import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { ServerSettings } from '../../models/server-settings.js';

/** GET /server_settings: what a client needs before logging in. No authentication. */
export const getServerSettings = defineEndpoint({
  name: 'server.getSettings',
  method: 'GET',
  path: '/server_settings',
  access: 'public',
  summary: 'Fetch the server and organization settings a client needs before logging in.',
  docs: 'get-server-settings',
  params: z.object({}),
  response: ServerSettings,
  errors: [],
});
