import { z } from 'zod';
import { Bot } from '../models/bot.js';
import { GroupSettingValue, Timestamp } from '../models/common.js';
import { LegacyPresenceClient, ModernPresence } from '../models/presence.js';
import { CustomProfileField } from '../models/realm-config.js';
import { User } from '../models/user.js';
import { UserGroup } from '../models/user-group.js';
import { defineEvent, defineOpEvent } from './define-event.js';

/** A user joined the organization (or became visible to the user). */
export const RealmUserAddEvent = defineOpEvent('realm_user', 'add', { person: User });

/** A user left what the user can see (deprecated for deactivation, which `update` with `is_active` reports). */
export const RealmUserRemoveEvent = defineOpEvent('realm_user', 'remove', {
  person: z.looseObject({ user_id: z.number().int(), full_name: z.string().optional() }),
});

/**
 * Fields of a user changed: `person` has `user_id` and the changed fields (`full_name`, `role`,
 * `is_active`, avatar fields, `delivery_email`, `new_email`, `timezone`, `bot_owner_id`, one
 * `custom_profile_field`).
 */
export const RealmUserUpdateEvent = defineOpEvent('realm_user', 'update', {
  person: z.looseObject({
    user_id: z.number().int(),
    full_name: z.string().optional(),
    role: z.number().int().optional(),
    is_active: z.boolean().optional(),
    avatar_url: z.string().nullable().optional(),
    avatar_source: z.string().optional(),
    avatar_url_medium: z.string().optional(),
    avatar_version: z.number().int().optional(),
    delivery_email: z.string().nullable().optional(),
    new_email: z.string().optional(),
    email: z.string().optional(),
    timezone: z.string().optional(),
    bot_owner_id: z.number().int().nullable().optional(),
    is_billing_admin: z.boolean().optional(),
    custom_profile_field: z
      .looseObject({ id: z.number().int(), value: z.string().nullable(), rendered_value: z.string().optional() })
      .optional(),
  }),
});

/** A bot the user administers was created (or given to them). */
export const RealmBotAddEvent = defineOpEvent('realm_bot', 'add', { bot: Bot });
/** Fields of a bot the user administers changed: `bot` has `user_id` and the changed fields. */
export const RealmBotUpdateEvent = defineOpEvent('realm_bot', 'update', {
  bot: Bot.partial().required({ user_id: true }),
});
/** Deprecated: a bot was deactivated. */
export const RealmBotRemoveEvent = defineOpEvent('realm_bot', 'remove', {
  bot: z.looseObject({ user_id: z.number().int(), full_name: z.string().optional() }),
});
/** A bot is no longer administered by the user (given to another owner). */
export const RealmBotDeleteEvent = defineOpEvent('realm_bot', 'delete', {
  bot: z.looseObject({ user_id: z.number().int() }),
});

/** A user group was created. */
export const UserGroupAddEvent = defineOpEvent('user_group', 'add', { group: UserGroup });

/** Fields of a user group changed (`data` holds the changed ones: name, description, `deactivated`, `can_*_group`). */
export const UserGroupUpdateEvent = defineOpEvent('user_group', 'update', {
  group_id: z.number().int(),
  data: z.looseObject({
    name: z.string().optional(),
    description: z.string().optional(),
    deactivated: z.boolean().optional(),
    can_add_members_group: GroupSettingValue.optional(),
    can_join_group: GroupSettingValue.optional(),
    can_leave_group: GroupSettingValue.optional(),
    can_manage_group: GroupSettingValue.optional(),
    can_mention_group: GroupSettingValue.optional(),
    can_remove_members_group: GroupSettingValue.optional(),
  }),
});

const MembersFields = { group_id: z.number().int(), user_ids: z.array(z.number().int()) };
/** Users joined a group. */
export const UserGroupAddMembersEvent = defineOpEvent('user_group', 'add_members', MembersFields);
/** Users left a group. */
export const UserGroupRemoveMembersEvent = defineOpEvent('user_group', 'remove_members', MembersFields);

const SubgroupsFields = { group_id: z.number().int(), direct_subgroup_ids: z.array(z.number().int()) };
/** Groups became subgroups of a group. */
export const UserGroupAddSubgroupsEvent = defineOpEvent('user_group', 'add_subgroups', SubgroupsFields);
/** Groups stopped being subgroups of a group. */
export const UserGroupRemoveSubgroupsEvent = defineOpEvent('user_group', 'remove_subgroups', SubgroupsFields);

/** A user group was deleted (deactivation is an `update` with `deactivated`). */
export const UserGroupRemoveEvent = defineOpEvent('user_group', 'remove', { group_id: z.number().int() });

/**
 * A user's presence changed: `presences` (user ID → the modern entry) for clients registered
 * with `simplified_presence_events`, else the legacy `user_id`, `email`, `server_timestamp`
 * and `presence` (client name → entry).
 */
export const PresenceEvent = defineEvent('presence', {
  presences: z.record(z.string(), ModernPresence).optional(),
  user_id: z.number().int().optional(),
  email: z.string().optional(),
  server_timestamp: z.number().optional(),
  presence: z.record(z.string(), LegacyPresenceClient).optional(),
});

/** A user's status changed: only the fields that changed (`""` clears the text or emoji). */
export const UserStatusEvent = defineEvent('user_status', {
  user_id: z.number().int(),
  away: z.boolean().optional(),
  status_text: z.string().optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: z.string().optional(),
});

/** The users the user muted (all of them, with when). */
export const MutedUsersEvent = defineEvent('muted_users', {
  muted_users: z.array(z.looseObject({ id: z.number().int(), timestamp: Timestamp })),
});

/** The organization's custom profile fields (all of them). */
export const CustomProfileFieldsEvent = defineEvent('custom_profile_fields', { fields: z.array(CustomProfileField) });

/** The invitations the user may see changed: fetch them again (GET /invites). */
export const InvitesChangedEvent = defineEvent('invites_changed', {});
