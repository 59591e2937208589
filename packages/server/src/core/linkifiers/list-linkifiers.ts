import type { StateBlock } from '../events/state-block.js';
import { linkifierList } from './linkifier-list.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /realm/linkifiers: the linkifiers in processing order, for every user.
 *
 * @see https://zulip.com/api/get-linkifiers
 */
export function listLinkifiers(_params: OperationParams<'linkifiers.list'>, ctx: UserContext) {
  return { linkifiers: linkifierList(ctx) };
}

/**
 * GET /realm/filters (deprecated): the same list as `[pattern, url_template, id]` tuples.
 *
 * @see https://zulip.com/api/get-linkifiers
 */
export function listLegacyLinkifiers(_params: OperationParams<'linkifiers.listLegacy'>, ctx: UserContext) {
  return {
    filters: linkifierList(ctx).map((l): [string, string, number] => [l.pattern, l.url_template, l.id]),
  };
}

/**
 * The `realm_linkifiers` block of POST /register: the list for clients with the
 * `linkifier_url_template` capability, an empty list for the others (as the real server does
 * since feature level 176).
 *
 * @see https://zulip.com/api/register-queue
 */
export const linkifiersState: StateBlock = {
  eventTypes: ['realm_linkifiers'],
  fetch(ctx, _params, capabilities) {
    return { realm_linkifiers: capabilities['linkifier_url_template'] === true ? linkifierList(ctx) : [] };
  },
};

/** The legacy `realm_filters` block of POST /register: always empty since feature level 176. */
export const legacyFiltersState: StateBlock = {
  eventTypes: ['realm_filters'],
  fetch() {
    return { realm_filters: [] };
  },
};
