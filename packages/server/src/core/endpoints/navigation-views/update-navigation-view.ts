import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateNavigationView } from '../../navigation-views/navigation-view-endpoints.js';

/** PATCH /navigation_views/{fragment}: {@link updateNavigationView}. */
export const updateNavigationViewImpl = implement(endpoints['navigationViews.update'], updateNavigationView);
