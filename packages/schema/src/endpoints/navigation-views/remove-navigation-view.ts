import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * DELETE /navigation_views/{fragment}: remove a navigation view from the caller's sidebar; an
 * unknown one answers HTTP 404 `Navigation view does not exist.`
 *
 * @see https://zulip.com/api/remove-navigation-view
 */
export const removeNavigationView = defineEndpoint({
  name: 'navigationViews.remove',
  method: 'DELETE',
  path: '/navigation_views/{fragment}',
  restOfPath: 'fragment',
  access: 'user',
  since: 390,
  summary: 'Remove a navigation view.',
  docs: 'remove-navigation-view',
  params: z.object({ fragment: z.string().trim().min(1) }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
  errorStatuses: { BAD_REQUEST: [404] },
});
