import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { createUserGroup } from '../../user-groups/create-user-group.js';

/** POST /user_groups/create: {@link createUserGroup}. */
export const createUserGroupImpl = implement(endpoints['userGroups.create'], createUserGroup);
