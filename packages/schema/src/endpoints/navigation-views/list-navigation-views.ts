import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { NavigationView } from '../../models/realm-config.js';

/**
 * GET /navigation_views: the caller's custom and configured built-in left-sidebar views.
 *
 * @see https://zulip.com/api/get-navigation-views
 */
export const listNavigationViews = defineEndpoint({
  name: 'navigationViews.list',
  method: 'GET',
  path: '/navigation_views',
  access: 'user',
  since: 390,
  summary: "List the caller's navigation views.",
  docs: 'get-navigation-views',
  params: z.object({}),
  response: z.looseObject({ navigation_views: z.array(NavigationView) }),
  errors: [],
});
