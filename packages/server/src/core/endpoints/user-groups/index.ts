import { createUserGroupImpl } from './create-user-group.js';
import { deactivateUserGroupImpl } from './deactivate-user-group.js';
import { isUserGroupMemberImpl } from './is-user-group-member.js';
import { listUserGroupMembersImpl } from './list-user-group-members.js';
import { listUserGroupSubgroupsImpl } from './list-user-group-subgroups.js';
import { listUserGroupsImpl } from './list-user-groups.js';
import { updateUserGroupImpl } from './update-user-group.js';
import { updateUserGroupMembersImpl } from './update-user-group-members.js';
import { updateUserGroupSubgroupsImpl } from './update-user-group-subgroups.js';

/** The handlers of the `user-groups` contracts, in the order of the schema's table. */
export const userGroups = [
  listUserGroupsImpl,
  createUserGroupImpl,
  updateUserGroupMembersImpl,
  updateUserGroupImpl,
  deactivateUserGroupImpl,
  listUserGroupMembersImpl,
  isUserGroupMemberImpl,
  listUserGroupSubgroupsImpl,
  updateUserGroupSubgroupsImpl,
] as const;
