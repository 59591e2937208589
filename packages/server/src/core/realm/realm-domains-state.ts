import type { StateBlock } from '../events/state-block.js';

/**
 * The `realm_domains` block: the domains whose addresses may join without an invitation. This
 * server has no sign-up by domain, so the list is empty.
 */
export const realmDomainsState: StateBlock = {
  eventTypes: ['realm_domains'],
  fetch: () => ({ realm_domains: [] }),
};
