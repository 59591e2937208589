export { addNavigationView } from './add-navigation-view.js';
export { listNavigationViews } from './list-navigation-views.js';
export { removeNavigationView } from './remove-navigation-view.js';
export { updateNavigationView } from './update-navigation-view.js';
