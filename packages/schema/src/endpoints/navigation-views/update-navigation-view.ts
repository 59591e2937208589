import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * PATCH /navigation_views/{fragment}: pin or unpin a navigation view, or rename a custom one.
 * The fragment is URL-encoded in the path; an unknown one answers HTTP 404
 * `Navigation view does not exist.`
 *
 * @see https://zulip.com/api/edit-navigation-view
 */
export const updateNavigationView = defineEndpoint({
  name: 'navigationViews.update',
  method: 'PATCH',
  path: '/navigation_views/{fragment}',
  restOfPath: 'fragment',
  access: 'user',
  since: 390,
  summary: 'Change a navigation view.',
  docs: 'edit-navigation-view',
  params: z.object({
    fragment: z.string().trim().min(1),
    is_pinned: z.boolean().optional(),
    /** A new name; built-in views have none. Stripped, never blank. */
    name: z.string().trim().min(1).optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
  errorStatuses: { BAD_REQUEST: [404] },
});
