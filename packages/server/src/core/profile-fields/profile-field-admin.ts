import { ApiError } from '@teamchat/schema';
import { activeUserIds, emit } from '../events/emit.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { CustomProfileFieldRecord } from '../model/records/realm.js';
import {
  CUSTOM_PROFILE_FIELD_TYPES,
  customProfileFields,
  formatCustomProfileField,
} from '../users/custom-profile-fields.js';

const MAX_NAME_LENGTH = 40;
const MAX_HINT_LENGTH = 80;
const SELECT = 3;
const EXTERNAL_ACCOUNT = 7;
/** Types whose values are too long or structured to show in the profile summary. */
const NOT_IN_SUMMARY = new Set([2, 6]);
const MAX_SUMMARY_FIELDS = 2;
/** The external-account subtypes the server knows, with the name fields of that kind get. */
const EXTERNAL_ACCOUNTS: Record<string, string> = { github: 'GitHub username', twitter: 'X (Twitter) username' };

type FieldChange = Partial<
  Pick<
    CustomProfileFieldRecord,
    'name' | 'hint' | 'field_data' | 'display_in_profile_summary' | 'required' | 'editable_by_user'
  >
>;

/** Checks `field_data` of a field of `type` and answers it as stored (JSON text, or `""`). */
function checkFieldData(type: number, data: Record<string, unknown>): string {
  if (type === SELECT) {
    const choices = Object.entries(data);
    if (choices.length === 0) throw new ApiError('BAD_REQUEST', 'Field must have at least one choice.');
    const texts = new Set<string>();
    for (const [key, choice] of choices) {
      const entry = choice as { text?: unknown; order?: unknown } | null;
      if (typeof entry?.text !== 'string' || entry.text.trim() === '')
        throw new ApiError('BAD_REQUEST', `field_data["${key}"]["text"] cannot be blank.`);
      if (typeof entry.order !== 'string')
        throw new ApiError('BAD_REQUEST', `field_data["${key}"]["order"] is not a string`);
      if (texts.has(entry.text)) throw new ApiError('BAD_REQUEST', 'Field must not have duplicate choices.');
      texts.add(entry.text);
    }
    return JSON.stringify(data);
  }
  if (type === EXTERNAL_ACCOUNT) {
    const subtype = data['subtype'];
    if (typeof subtype !== 'string') throw new ApiError('BAD_REQUEST', 'Missing subtype');
    if (subtype === 'custom') {
      const pattern = data['url_pattern'];
      if (typeof pattern !== 'string' || pattern.split('%(username)s').length !== 2)
        throw new ApiError('BAD_REQUEST', 'Malformed URL pattern.');
    } else if (!(subtype in EXTERNAL_ACCOUNTS)) {
      throw new ApiError('BAD_REQUEST', 'Invalid external account type');
    }
    return JSON.stringify(data);
  }
  return '';
}

function checkLabel(ctx: UserContext, name: string, hint: string, exceptId?: number): void {
  if (name.trim() === '') throw new ApiError('BAD_REQUEST', 'Label cannot be blank.');
  if ([...name].length > MAX_NAME_LENGTH)
    throw new ApiError('BAD_REQUEST', `name is too long (limit: ${MAX_NAME_LENGTH} characters)`);
  if ([...hint].length > MAX_HINT_LENGTH)
    throw new ApiError('BAD_REQUEST', `hint is too long (limit: ${MAX_HINT_LENGTH} characters)`);
  if (customProfileFields(ctx).some((field) => field.name === name && field.id !== exceptId)) {
    throw new ApiError('BAD_REQUEST', 'A field with that label already exists.');
  }
}

function checkSummary(ctx: UserContext, type: number, exceptId?: number): void {
  if (NOT_IN_SUMMARY.has(type))
    throw new ApiError('BAD_REQUEST', 'Field type not supported for display in profile summary.');
  const shown = customProfileFields(ctx).filter(
    (field) => field.display_in_profile_summary && field.id !== exceptId,
  ).length;
  if (shown >= MAX_SUMMARY_FIELDS)
    throw new ApiError(
      'BAD_REQUEST',
      `Only ${MAX_SUMMARY_FIELDS} custom profile fields can be displayed in the profile summary.`,
    );
}

/** `custom_profile_fields` with every field, to everyone (the real server's `notify_realm_custom_profile_fields`). */
function announce(ctx: UserContext): void {
  emit(ctx, activeUserIds(ctx), {
    type: 'custom_profile_fields',
    fields: customProfileFields(ctx).map(formatCustomProfileField),
  });
}

function fieldById(ctx: UserContext, id: number): CustomProfileFieldRecord {
  const field = ctx.db.get('custom_profile_fields', id);
  if (!field) throw new ApiError('BAD_REQUEST', `Field id ${id} not found.`);
  return field;
}

/**
 * POST /realm/profile_fields: an administrator adds a custom profile field at the end of the
 * order. External accounts of a known kind get their label from it when none is given.
 */
export function createProfileField(params: OperationParams<'profileFields.create'>, ctx: UserContext) {
  const type = params.field_type;
  if (!Object.values(CUSTOM_PROFILE_FIELD_TYPES).some((known) => known.id === type))
    throw new ApiError('BAD_REQUEST', 'Invalid field type.');
  const fieldData = checkFieldData(type, params.field_data);
  let name = params.name.trim();
  if (type === EXTERNAL_ACCOUNT && name === '') name = EXTERNAL_ACCOUNTS[String(params.field_data['subtype'])] ?? '';
  checkLabel(ctx, name, params.hint);
  if (params.display_in_profile_summary) checkSummary(ctx, type);
  const order = Math.max(0, ...customProfileFields(ctx).map((field) => field.order)) + 1;
  const field = ctx.db.put('custom_profile_fields', {
    id: ctx.db.nextId('custom_profile_fields'),
    name,
    hint: params.hint,
    type: type as CustomProfileFieldRecord['type'],
    order,
    field_data: fieldData,
    display_in_profile_summary: params.display_in_profile_summary,
    required: params.required,
    editable_by_user: params.editable_by_user,
  });
  announce(ctx);
  return { id: field.id };
}

/** PATCH /realm/profile_fields/{field_id}: an administrator changes a field's label, hint, choices or flags. */
export function updateProfileField(params: OperationParams<'profileFields.update'>, ctx: UserContext) {
  const field = fieldById(ctx, params.field_id);
  const change: FieldChange = {};
  if (params.name !== undefined || params.hint !== undefined) {
    const name = params.name?.trim() ?? field.name;
    checkLabel(ctx, name, params.hint ?? field.hint, field.id);
    change.name = name;
    if (params.hint !== undefined) change.hint = params.hint;
  }
  if (params.field_data !== undefined) change.field_data = checkFieldData(field.type, params.field_data);
  if (params.display_in_profile_summary === true && !field.display_in_profile_summary)
    checkSummary(ctx, field.type, field.id);
  if (params.display_in_profile_summary !== undefined)
    change.display_in_profile_summary = params.display_in_profile_summary;
  if (params.required !== undefined) change.required = params.required;
  if (params.editable_by_user !== undefined) change.editable_by_user = params.editable_by_user;
  ctx.db.patch('custom_profile_fields', field.id, change);
  announce(ctx);
  return {};
}

/** DELETE /realm/profile_fields/{field_id}: an administrator removes a field and everyone's values of it. */
export function deleteProfileField(params: OperationParams<'profileFields.remove'>, ctx: UserContext) {
  const field = fieldById(ctx, params.field_id);
  const key = String(field.id);
  for (const user of [...ctx.db.all('users')]) {
    if (!(key in user.profile_data)) continue;
    const { [key]: _value, ...profileData } = user.profile_data;
    const { [key]: _rendered, ...rendered } = user.profile_data_rendered ?? {};
    ctx.db.patch('users', user.id, {
      profile_data: profileData,
      ...(user.profile_data_rendered ? { profile_data_rendered: rendered } : {}),
    });
  }
  ctx.db.delete('custom_profile_fields', field.id);
  announce(ctx);
  return {};
}

/** PATCH /realm/profile_fields: an administrator puts every field in a new order (`order`: all the IDs). */
export function reorderProfileFields(params: OperationParams<'profileFields.reorder'>, ctx: UserContext) {
  const fields = customProfileFields(ctx);
  const ids = new Set(params.order);
  if (ids.size !== params.order.length || ids.size !== fields.length || fields.some((field) => !ids.has(field.id))) {
    throw new ApiError('BAD_REQUEST', 'Invalid order mapping.');
  }
  params.order.forEach((id, index) => ctx.db.patch('custom_profile_fields', id, { order: index + 1 }));
  announce(ctx);
  return {};
}
