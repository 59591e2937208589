export { createUserGroup } from './create-user-group.js';
export { deactivateUserGroup } from './deactivate-user-group.js';
export { isUserGroupMember } from './is-user-group-member.js';
export { listUserGroupMembers } from './list-user-group-members.js';
export { listUserGroupSubgroups } from './list-user-group-subgroups.js';
export { listUserGroups } from './list-user-groups.js';
export { updateUserGroup } from './update-user-group.js';
export { updateUserGroupMembers } from './update-user-group-members.js';
