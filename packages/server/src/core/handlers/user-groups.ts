import { areaHandlers } from '../dispatch/handler.js';
import { createUserGroup } from '../user-groups/create-user-group.js';
import { deactivateUserGroup } from '../user-groups/deactivate-user-group.js';
import { isUserGroupMember } from '../user-groups/is-user-group-member.js';
import { listUserGroupMembers } from '../user-groups/list-user-group-members.js';
import { listUserGroupSubgroups } from '../user-groups/list-user-group-subgroups.js';
import { listUserGroups } from '../user-groups/list-user-groups.js';
import { updateUserGroupMembers } from '../user-groups/update-user-group-members.js';
import { updateUserGroupSubgroups } from '../user-groups/update-user-group-subgroups.js';
import { updateUserGroup } from '../user-groups/update-user-group.js';

/**
 * The handlers of the `user-groups` contracts (schema/src/endpoints/user-groups/); its ports: the
 * Notification Bot tells users they were added or removed (hooks and jobs).
 */
export const userGroupsHandlers = areaHandlers(
  'userGroups',
  { ports: ['hooks', 'jobs'] },
  {
    'userGroups.create': { operation: createUserGroup },
    'userGroups.deactivate': { operation: deactivateUserGroup },
    'userGroups.isMember': { operation: isUserGroupMember },
    'userGroups.list': { operation: listUserGroups },
    'userGroups.listMembers': { operation: listUserGroupMembers },
    'userGroups.listSubgroups': { operation: listUserGroupSubgroups },
    'userGroups.update': { operation: updateUserGroup },
    'userGroups.updateMembers': { operation: updateUserGroupMembers },
    'userGroups.updateSubgroups': { operation: updateUserGroupSubgroups },
  },
);
