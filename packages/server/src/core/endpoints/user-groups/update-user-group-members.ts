import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateUserGroupMembers } from '../../user-groups/update-user-group-members.js';

/** POST /user_groups/{user_group_id}/members: {@link updateUserGroupMembers}. */
export const updateUserGroupMembersImpl = implement(endpoints['userGroups.updateMembers'], updateUserGroupMembers);
