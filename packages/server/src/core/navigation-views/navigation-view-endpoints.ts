import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { emit } from '../events/emit.js';
import {
  BUILT_IN_VIEW_FRAGMENTS,
  formatNavigationView,
  navigationViewByFragment,
  navigationViewsOf,
} from './navigation-view-list.js';

const ALREADY_EXISTS = 'Navigation view already exists.';

function nameTaken(ctx: UserContext, name: string): boolean {
  return navigationViewsOf(ctx, ctx.user.id).some((view) => view.name === name);
}

/**
 * GET /navigation_views: the caller's views (every user manages only their own).
 *
 * @see https://zulip.com/api/get-navigation-views
 */
export function listNavigationViews(_params: OperationParams<'navigationViews.list'>, ctx: UserContext) {
  return {
    navigation_views: navigationViewsOf(ctx, ctx.user.id).map(formatNavigationView),
  };
}

/**
 * POST /navigation_views: adds a view for the caller. Built-in fragments take no name, custom
 * ones need one; a fragment or name the caller already has is refused. Event
 * `navigation_view` `add` to the caller.
 *
 * @see https://zulip.com/api/add-navigation-view
 */
export function addNavigationView(params: OperationParams<'navigationViews.add'>, ctx: UserContext) {
  const { fragment, is_pinned } = params;
  const name = params.name ?? null;
  if (BUILT_IN_VIEW_FRAGMENTS.includes(fragment)) {
    if (name !== null) throw new ApiError('BAD_REQUEST', 'Built-in views cannot have a custom name.');
  } else if (name === null) {
    throw new ApiError('BAD_REQUEST', 'Custom views must have a valid name.');
  }
  if (navigationViewsOf(ctx, ctx.user.id).some((view) => view.fragment === fragment))
    throw new ApiError('BAD_REQUEST', ALREADY_EXISTS);
  if (name !== null && nameTaken(ctx, name)) throw new ApiError('BAD_REQUEST', ALREADY_EXISTS);
  const view = ctx.db.put('navigation_views', {
    id: ctx.db.nextId('navigation_views'),
    user_id: ctx.user.id,
    fragment,
    is_pinned,
    name,
  });
  emit(ctx, [ctx.user.id], { type: 'navigation_view', op: 'add', navigation_view: formatNavigationView(view) });
  return {};
}

/**
 * PATCH /navigation_views/{fragment}: pins, unpins or renames one of the caller's views. As on
 * the real server the name checks come before the lookup, and the event lists what was sent.
 *
 * @see https://zulip.com/api/edit-navigation-view
 */
export function updateNavigationView(params: OperationParams<'navigationViews.update'>, ctx: UserContext) {
  const { fragment, is_pinned, name } = params;
  if (name !== undefined && BUILT_IN_VIEW_FRAGMENTS.includes(fragment)) {
    throw new ApiError('BAD_REQUEST', 'Built-in views cannot have a custom name.');
  }
  if (name !== undefined && nameTaken(ctx, name)) throw new ApiError('BAD_REQUEST', ALREADY_EXISTS);
  const view = navigationViewByFragment(ctx, ctx.user.id, fragment);
  const data: { name?: string; is_pinned?: boolean } = {};
  if (name !== undefined) data.name = name;
  if (is_pinned !== undefined) data.is_pinned = is_pinned;
  ctx.db.patch('navigation_views', view.id, data);
  emit(ctx, [ctx.user.id], { type: 'navigation_view', op: 'update', fragment, data });
  return {};
}

/**
 * DELETE /navigation_views/{fragment}: removes one of the caller's views.
 *
 * @see https://zulip.com/api/remove-navigation-view
 */
export function removeNavigationView(params: OperationParams<'navigationViews.remove'>, ctx: UserContext) {
  const view = navigationViewByFragment(ctx, ctx.user.id, params.fragment);
  ctx.db.delete('navigation_views', view.id);
  emit(ctx, [ctx.user.id], { type: 'navigation_view', op: 'remove', fragment: params.fragment });
  return {};
}
