import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { removeNavigationView } from '../../navigation-views/navigation-view-endpoints.js';

/** DELETE /navigation_views/{fragment}: {@link removeNavigationView}. */
export const removeNavigationViewImpl = implement(endpoints['navigationViews.remove'], removeNavigationView);
