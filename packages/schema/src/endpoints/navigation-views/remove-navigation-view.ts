import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * DELETE /navigation_views/{fragment}: remove a navigation view from the caller's sidebar.
 *
 * @see shared/reference/users-channels-realm.md §8.3
 */
export const removeNavigationView = defineEndpoint({
  name: 'navigationViews.remove',
  method: 'DELETE',
  path: '/navigation_views/{fragment}',
  access: 'user',
  since: 390,
  summary: 'Remove a navigation view.',
  params: z.object({ fragment: z.string() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
