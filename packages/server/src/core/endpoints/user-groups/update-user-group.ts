import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateUserGroup } from '../../user-groups/update-user-group.js';

/** PATCH /user_groups/{user_group_id}: {@link updateUserGroup}. */
export const updateUserGroupImpl = implement(endpoints['userGroups.update'], updateUserGroup);
