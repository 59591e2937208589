import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { User } from '../../models/user.js';

/** GET /users: every user of the organization, bots and deactivated users included. */
export const listUsers = defineEndpoint({
  name: 'users.list',
  method: 'GET',
  path: '/users',
  access: 'optional',
  summary: 'List the users of the organization.',
  docs: 'get-users',
  params: z.object({
    client_extavatar: z.boolean().default(true),
    include_custom_profile_fields: z.boolean().default(false),
    user_ids: z.array(z.number().int()).optional(),
  }),
  aliases: { client_gravatar: 'client_extavatar' },
  response: z.looseObject({ members: z.array(User) }),
  errors: ['UNAUTHORIZED'],
});
