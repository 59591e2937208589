import type { Context } from '../runtime/context.js';
import type { CustomProfileFieldRecord } from '../model/records/realm.js';
import type { UserRecord } from '../model/records/users.js';
import { renderMarkdown } from '../markdown/render-markdown.js';

/** Field types whose values are Markdown, and so carry a `rendered_value`: short and long text. */
const RENDERED_TYPES = new Set([1, 2]);

/** The HTML of a value of `field`, for the text-like types; undefined for the others. */
export function renderedProfileValue(field: CustomProfileFieldRecord, value: string): string | undefined {
  return RENDERED_TYPES.has(field.type) ? renderMarkdown(value).html : undefined;
}

/** A value of a custom profile field as stored: null for none; `rendered` is the HTML of text values. */
export interface StoredProfileValue {
  fieldId: number;
  value: string | null;
  rendered: string | undefined;
}

/** `value` of `field` ready to store, rendered once (when written) rather than on every read. */
export function storedProfileValue(field: CustomProfileFieldRecord, value: string | null): StoredProfileValue {
  return { fieldId: field.id, value, rendered: value === null ? undefined : renderedProfileValue(field, value) };
}

/** The profile data of `user` (`profile_data`, `profile_data_rendered`) with `values` set in order. */
export function withProfileValues(
  user: UserRecord,
  values: Iterable<StoredProfileValue>,
): Pick<UserRecord, 'profile_data' | 'profile_data_rendered'> {
  const data = { ...user.profile_data };
  const rendered = { ...user.profile_data_rendered };
  for (const { fieldId, value, rendered: html } of values) {
    const key = String(fieldId);
    delete data[key];
    delete rendered[key];
    if (value !== null) data[key] = value;
    if (html !== undefined) rendered[key] = html;
  }
  return { profile_data: data, profile_data_rendered: rendered };
}

/**
 * `profile_data` of `user`: field ID → `{ value }`, plus `rendered_value` (HTML) for the
 * text-like field types, as stored when the value was written.
 *
 * @see https://zulip.com/api/get-custom-profile-fields
 */
export function profileDataOf(
  ctx: Pick<Context, 'db'>,
  user: UserRecord,
): Record<string, { value: string; rendered_value?: string }> {
  const data: Record<string, { value: string; rendered_value?: string }> = {};
  for (const [fieldId, value] of Object.entries(user.profile_data)) {
    const field = ctx.db.get('custom_profile_fields', Number(fieldId));
    if (!field) continue;
    // Records written before values were rendered on write are rendered here.
    const rendered = user.profile_data_rendered?.[fieldId] ?? renderedProfileValue(field, value);
    data[fieldId] = rendered === undefined ? { value } : { value, rendered_value: rendered };
  }
  return data;
}
