import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deactivateUserGroup } from '../../user-groups/deactivate-user-group.js';

/** POST /user_groups/{user_group_id}/deactivate: {@link deactivateUserGroup}. */
export const deactivateUserGroupImpl = implement(endpoints['userGroups.deactivate'], deactivateUserGroup);
