import type { GroupSettingValue } from '@teamchat/schema';

/** A user group; system groups (`role:*`) included. */
export interface UserGroupRecord {
  id: number;
  name: string;
  description: string;
  is_system_group: boolean;
  /** Direct members (user IDs), deactivated users included; output hides them. */
  members: number[];
  direct_subgroup_ids: number[];
  deactivated: boolean;
  creator_id: number | null;
  date_created: number | null;
  groups: Record<
    | 'can_add_members_group'
    | 'can_join_group'
    | 'can_leave_group'
    | 'can_manage_group'
    | 'can_mention_group'
    | 'can_remove_members_group',
    GroupSettingValue
  >;
}
