import { ApiError, type NavigationView } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { NavigationViewRecord } from '../model/records/personal.js';
import type { StateBlock } from '../events/state-block.js';

/**
 * The views every web client has; a user's row for one of them only pins or unpins it, so it
 * may not have a name. Every other fragment is a custom view and needs one.
 *
 * @see https://zulip.com/api/get-navigation-views
 */
export const BUILT_IN_VIEW_FRAGMENTS: readonly string[] = [
  'inbox',
  'recent',
  'feed',
  'drafts',
  'narrow/has/reaction/sender/me',
  'narrow/is/mentioned',
  'narrow/is/starred',
  'scheduled',
];

/** A view as the API shows it (`name` null for built-in views). */
export function formatNavigationView(record: NavigationViewRecord): NavigationView {
  return { fragment: record.fragment, is_pinned: record.is_pinned, name: record.name };
}

/** The views of `userId`, in the order they were added. */
export function navigationViewsOf(ctx: Pick<Context, 'db'>, userId: number): NavigationViewRecord[] {
  return [...ctx.db.all('navigation_views')].filter((view) => view.user_id === userId).sort((a, b) => a.id - b.id);
}

/** The view `fragment` of `userId`, or HTTP 404 `Navigation view does not exist.` */
export function navigationViewByFragment(
  ctx: Pick<Context, 'db'>,
  userId: number,
  fragment: string,
): NavigationViewRecord {
  const view = navigationViewsOf(ctx, userId).find((v) => v.fragment === fragment);
  if (!view) throw new ApiError('BAD_REQUEST', 'Navigation view does not exist.', { status: 404 });
  return view;
}

/** The `navigation_view` block of POST /register: the caller's views. */
export const navigationViewsState: StateBlock = {
  eventTypes: ['navigation_view'],
  fetch(ctx) {
    return { navigation_views: navigationViewsOf(ctx, ctx.user.id).map(formatNavigationView) };
  },
};
