/**
 * The eight system groups of an organization, innermost first: each is a direct subgroup
 * of the next (`role:nobody` stands apart).
 */
export const SYSTEM_GROUP_NAMES = [
  'role:owners',
  'role:administrators',
  'role:moderators',
  'role:fullmembers',
  'role:members',
  'role:everyone',
  'role:internet',
  'role:nobody',
] as const;
export type SystemGroupName = (typeof SYSTEM_GROUP_NAMES)[number];

/** Descriptions the real server gives its system groups. */
export const SYSTEM_GROUP_DESCRIPTIONS: Record<SystemGroupName, string> = {
  'role:owners': 'Owners of this organization',
  'role:administrators': 'Administrators of this organization, including owners',
  'role:moderators': 'Moderators of this organization, including administrators',
  'role:fullmembers': 'Members of this organization, not including new accounts and guests',
  'role:members': 'Members of this organization, not including guests',
  'role:everyone': 'Everyone in this organization, including guests',
  'role:internet': 'Everyone on the Internet',
  'role:nobody': 'Nobody',
};
