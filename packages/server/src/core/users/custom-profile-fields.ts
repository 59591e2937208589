import type { CustomProfileField } from '@teamchat/schema';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { CustomProfileFieldRecord } from '../model/records/realm.js';
import type { StateBlock } from '../events/state-block.js';

/**
 * The field types, as POST /register lists them in `custom_profile_field_types`.
 *
 * @see https://zulip.com/api/get-custom-profile-fields
 */
export const CUSTOM_PROFILE_FIELD_TYPES = {
  SHORT_TEXT: { id: 1, name: 'Text (short)' },
  LONG_TEXT: { id: 2, name: 'Text (long)' },
  SELECT: { id: 3, name: 'List of options' },
  DATE: { id: 4, name: 'Date' },
  URL: { id: 5, name: 'Link' },
  USER: { id: 6, name: 'Users' },
  EXTERNAL_ACCOUNT: { id: 7, name: 'External account' },
  PRONOUNS: { id: 8, name: 'Pronouns' },
} as const;

/** A field as the API shows it: `display_in_profile_summary` only when true. */
export function formatCustomProfileField(field: CustomProfileFieldRecord): CustomProfileField {
  const formatted: CustomProfileField = {
    id: field.id,
    name: field.name,
    type: field.type,
    hint: field.hint,
    field_data: field.field_data,
    order: field.order,
    required: field.required,
    editable_by_user: field.editable_by_user,
  };
  if (field.display_in_profile_summary) formatted.display_in_profile_summary = true;
  return formatted;
}

/** The organization's fields in display order. */
export function customProfileFields(ctx: Pick<Context, 'db'>): CustomProfileFieldRecord[] {
  return [...ctx.db.all('custom_profile_fields')].sort((a, b) => a.order - b.order || a.id - b.id);
}

/**
 * GET /realm/profile_fields: the organization's custom profile fields, for every user.
 *
 * @see https://zulip.com/api/get-custom-profile-fields
 */
export function listCustomProfileFields(_params: OperationParams<'users.listCustomProfileFields'>, ctx: UserContext) {
  return {
    custom_fields: customProfileFields(ctx).map(formatCustomProfileField),
  };
}

/** The `custom_profile_fields` block of POST /register: the fields and the field types. */
export const customProfileFieldsState: StateBlock = {
  eventTypes: ['custom_profile_fields'],
  fetch(ctx) {
    return {
      custom_profile_fields: customProfileFields(ctx).map(formatCustomProfileField),
      custom_profile_field_types: CUSTOM_PROFILE_FIELD_TYPES,
    };
  },
};
