import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listUserGroupMembers } from '../../user-groups/list-user-group-members.js';

/** GET /user_groups/{user_group_id}/members: {@link listUserGroupMembers}. */
export const listUserGroupMembersImpl = implement(endpoints['userGroups.listMembers'], listUserGroupMembers);
