import { areaHandlers } from '../dispatch/handler.js';
import {
  addNavigationView,
  listNavigationViews,
  removeNavigationView,
  updateNavigationView,
} from '../navigation-views/navigation-view-endpoints.js';

/** The handlers of the `navigation-views` contracts (schema/src/endpoints/navigation-views/). */
export const navigationViewsHandlers = areaHandlers(
  'navigationViews',
  { ports: [] },
  {
    'navigationViews.add': { operation: addNavigationView },
    'navigationViews.list': { operation: listNavigationViews },
    'navigationViews.remove': { operation: removeNavigationView },
    'navigationViews.update': { operation: updateNavigationView },
  },
);
