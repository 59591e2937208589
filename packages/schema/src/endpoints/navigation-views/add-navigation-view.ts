import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /navigation_views: add a custom view (with a `name`) or configure a built-in one
 * (without) in the caller's left sidebar.
 *
 * @see https://zulip.com/api/add-navigation-view
 */
export const addNavigationView = defineEndpoint({
  name: 'navigationViews.add',
  method: 'POST',
  path: '/navigation_views',
  access: 'user',
  since: 390,
  summary: 'Add a navigation view to the left sidebar.',
  docs: 'add-navigation-view',
  params: z.object({
    /** The view's URL hash; blank is `fragment cannot be blank`. */
    fragment: z.string().trim().min(1),
    /** True: shown in the sidebar; false: in the More Views menu. */
    is_pinned: z.boolean(),
    /** Required for custom views; omitted (or null) for built-in views. Stripped, never blank. */
    name: z.string().trim().min(1).nullable().optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
