import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateUserGroupSubgroups } from '../../user-groups/update-user-group-subgroups.js';

/** POST /user_groups/{user_group_id}/subgroups: {@link updateUserGroupSubgroups}. */
export const updateUserGroupSubgroupsImpl = implement(endpoints['userGroups.updateSubgroups'], updateUserGroupSubgroups);
