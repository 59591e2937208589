import { z } from 'zod';
import { GroupSettingValue, Timestamp } from './common.js';

/** The permission settings of a user group. */
export const USER_GROUP_SETTINGS = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;
export type UserGroupSetting = (typeof USER_GROUP_SETTINGS)[number];

/** A user group with its direct members and direct subgroups. */
export const UserGroup = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  creator_id: z.number().int().nullable(),
  date_created: Timestamp.nullable(),
  members: z.array(z.number().int()),
  direct_subgroup_ids: z.array(z.number().int()),
  is_system_group: z.boolean(),
  deactivated: z.boolean(),
  can_add_members_group: GroupSettingValue,
  can_join_group: GroupSettingValue,
  can_leave_group: GroupSettingValue,
  can_manage_group: GroupSettingValue,
  can_mention_group: GroupSettingValue,
  can_remove_members_group: GroupSettingValue,
});
export type UserGroup = z.infer<typeof UserGroup>;
