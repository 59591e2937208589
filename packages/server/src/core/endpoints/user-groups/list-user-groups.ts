import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listUserGroups } from '../../user-groups/list-user-groups.js';

/** GET /user_groups: {@link listUserGroups}. */
export const listUserGroupsImpl = implement(endpoints['userGroups.list'], listUserGroups);
