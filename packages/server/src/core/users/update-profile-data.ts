import { ApiError, type ProfileDataUpdate } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { CustomProfileFieldRecord } from '../model/records/realm.js';
import type { UserRecord } from '../model/records/users.js';
import { activeUserIds, emit } from '../events/emit.js';
import { isAdmin } from '../model/roles.js';
import { storedProfileValue, withProfileValues } from './profile-data.js';
import { checkProfileFieldValue } from './profile-field-value.js';

/** One change of a user's custom profile data: a new stored value, or null to remove it. */
export interface ProfileDataChange {
  field: CustomProfileFieldRecord;
  value: string | null;
}

function fieldFor(ctx: Pick<Context, 'db'>, caller: UserRecord, id: number): CustomProfileFieldRecord {
  const field = ctx.db.get('custom_profile_fields', id);
  if (!field) throw new ApiError('BAD_REQUEST', `Field id ${id} not found.`);
  if (!isAdmin(caller) && !field.editable_by_user) {
    throw new ApiError(
      'BAD_REQUEST',
      'You are not allowed to change this field. Contact an administrator to update it.',
    );
  }
  return field;
}

const isEmpty = (value: ProfileDataUpdate['value']) =>
  value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Validates `profile_data` of a user update in the real server's order (removals — an empty or
 * null value — first, then the new values) and returns what actually changes: removals of
 * values the user has, and values that differ from the stored ones.
 *
 * @throws {ApiError} `Field id N not found.`, the field's value errors (see
 *   {@link checkProfileFieldValue}), or the not-editable error for non-administrators.
 */
export function planProfileDataUpdate(
  ctx: Pick<Context, 'db'>,
  caller: UserRecord,
  target: UserRecord,
  entries: readonly ProfileDataUpdate[],
): ProfileDataChange[] {
  const changes: ProfileDataChange[] = [];
  const current = { ...target.profile_data };
  for (const entry of entries.filter((e) => isEmpty(e.value))) {
    const field = fieldFor(ctx, caller, entry.id);
    if (current[String(field.id)] === undefined) continue;
    delete current[String(field.id)];
    changes.push({ field, value: null });
  }
  for (const entry of entries.filter((e) => !isEmpty(e.value))) {
    const field = fieldFor(ctx, caller, entry.id);
    const value = checkProfileFieldValue(ctx, field, entry.value);
    if (current[String(field.id)] === value) continue;
    current[String(field.id)] = value;
    changes.push({ field, value });
  }
  return changes;
}

/**
 * Stores `changes` on `target` (text values rendered once, here) and tells everyone:
 * `realm_user update` with `custom_profile_field` `{ id, value }` (`rendered_value` for text
 * fields; `value` null for a removed value).
 */
export function applyProfileDataChanges(
  ctx: Pick<Context, 'db' | 'events'>,
  target: UserRecord,
  changes: readonly ProfileDataChange[],
): UserRecord {
  if (changes.length === 0) return target;
  const stored = changes.map(({ field, value }) => storedProfileValue(field, value));
  const updated = ctx.db.patch('users', target.id, withProfileValues(target, stored));
  const recipients = activeUserIds(ctx);
  for (const { fieldId: id, value, rendered } of stored) {
    const payload = rendered === undefined ? { id, value } : { id, value, rendered_value: rendered };
    emit(ctx, recipients, {
      type: 'realm_user',
      op: 'update',
      person: { user_id: target.id, custom_profile_field: payload },
    });
  }
  return updated;
}
