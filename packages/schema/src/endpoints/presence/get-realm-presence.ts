import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { LegacyPresence } from '../../models/presence.js';

/**
 * GET /realm/presence: the presence of every user of the organization, in the legacy format
 * keyed by API email.
 *
 * @see https://zulip.com/api/get-presence
 */
export const getRealmPresence = defineEndpoint({
  name: 'presence.getRealm',
  method: 'GET',
  path: '/realm/presence',
  access: 'user',
  summary: 'Fetch the presence of all users of the organization.',
  docs: 'get-presence',
  params: z.object({}),
  response: z.looseObject({
    server_timestamp: z.number(),
    presences: z.record(z.string(), LegacyPresence),
  }),
  errors: [],
});
