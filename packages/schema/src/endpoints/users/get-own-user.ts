import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { OwnUser } from '../../models/user.js';

/** GET /users/me: the caller's own account, as a flat object. */
export const getOwnUser = defineEndpoint({
  name: 'users.me',
  method: 'GET',
  path: '/users/me',
  access: 'user',
  summary: "Fetch the caller's own user record.",
  docs: 'get-own-user',
  params: z.object({}),
  response: OwnUser,
  errors: [],
});
