import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listUserGroupSubgroups } from '../../user-groups/list-user-group-subgroups.js';

/** GET /user_groups/{user_group_id}/subgroups: {@link listUserGroupSubgroups}. */
export const listUserGroupSubgroupsImpl = implement(endpoints['userGroups.listSubgroups'], listUserGroupSubgroups);
