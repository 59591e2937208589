import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { isUserGroupMember } from '../../user-groups/is-user-group-member.js';

/** GET /user_groups/{user_group_id}/members/{user_id}: {@link isUserGroupMember}. */
export const isUserGroupMemberImpl = implement(endpoints['userGroups.isMember'], isUserGroupMember);
