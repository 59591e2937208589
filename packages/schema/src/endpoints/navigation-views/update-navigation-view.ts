import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * PATCH /navigation_views/{fragment}: pin or unpin a navigation view, or rename a custom one.
 * The fragment is URL-encoded in the path.
 *
 * @see shared/reference/users-channels-realm.md §8.3
 */
export const updateNavigationView = defineEndpoint({
  name: 'navigationViews.update',
  method: 'PATCH',
  path: '/navigation_views/{fragment}',
  access: 'user',
  since: 390,
  summary: 'Change a navigation view.',
  params: z.object({
    fragment: z.string(),
    is_pinned: z.boolean().optional(),
    name: z.string().optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
