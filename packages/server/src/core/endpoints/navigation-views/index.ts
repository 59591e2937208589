import { addNavigationViewImpl } from './add-navigation-view.js';
import { listNavigationViewsImpl } from './list-navigation-views.js';
import { removeNavigationViewImpl } from './remove-navigation-view.js';
import { updateNavigationViewImpl } from './update-navigation-view.js';

/** The handlers of the `navigation-views` contracts, in the order of the schema's table. */
export const navigationViews = [
  listNavigationViewsImpl,
  addNavigationViewImpl,
  updateNavigationViewImpl,
  removeNavigationViewImpl,
] as const;
