import type { StateBlock } from '../events/state-block.js';
import { userGroupsForApi } from './format-user-group.js';

/**
 * The `realm_user_groups` block of POST /register: every group of the organization by ID,
 * deactivated ones only for clients with the `include_deactivated_groups` capability (FL 294).
 */
export const userGroupsState: StateBlock = {
  eventTypes: ['realm_user_groups'],
  fetch(ctx, _params, capabilities) {
    return { realm_user_groups: userGroupsForApi(ctx, capabilities['include_deactivated_groups'] === true) };
  },
};
