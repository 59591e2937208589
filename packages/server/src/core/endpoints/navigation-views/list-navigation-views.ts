import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listNavigationViews } from '../../navigation-views/navigation-view-endpoints.js';

/** GET /navigation_views: {@link listNavigationViews}. */
export const listNavigationViewsImpl = implement(endpoints['navigationViews.list'], listNavigationViews);
