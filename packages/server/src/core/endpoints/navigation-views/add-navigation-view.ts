import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { addNavigationView } from '../../navigation-views/navigation-view-endpoints.js';

/** POST /navigation_views: {@link addNavigationView}. */
export const addNavigationViewImpl = implement(endpoints['navigationViews.add'], addNavigationView);
