import type { Context } from '../context.js';
import type { CustomProfileFieldRecord, UserRecord } from '../db.js';
import { renderMarkdown } from '../markdown/render-markdown.js';

/** Field types whose values are Markdown, and so carry a `rendered_value`: short and long text. */
const RENDERED_TYPES = new Set([1, 2]);

/** The HTML of a value of `field`, for the text-like types; undefined for the others. */
export function renderedProfileValue(field: CustomProfileFieldRecord, value: string): string | undefined {
  return RENDERED_TYPES.has(field.type) ? renderMarkdown(value).html : undefined;
}

/**
 * `profile_data` of `user`: field ID → `{ value }`, plus `rendered_value` (HTML) for the
 * text-like field types.
 *
 * @see shared/reference/users-channels-realm.md §3.10
 */
export function profileDataOf(ctx: Pick<Context, 'db'>, user: UserRecord): Record<string, { value: string; rendered_value?: string }> {
  const data: Record<string, { value: string; rendered_value?: string }> = {};
  for (const [fieldId, value] of Object.entries(user.profile_data)) {
    const field = ctx.db.get('custom_profile_fields', Number(fieldId));
    if (!field) continue;
    const rendered = renderedProfileValue(field, value);
    data[fieldId] = rendered === undefined ? { value } : { value, rendered_value: rendered };
  }
  return data;
}
