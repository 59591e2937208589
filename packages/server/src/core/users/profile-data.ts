import type { Context } from '../context.js';
import type { UserRecord } from '../db.js';
import { renderMarkdown } from '../markdown/render-markdown.js';

/** Field types whose values are Markdown, and so carry a `rendered_value`. */
const RENDERED_TYPES = new Set([1, 2]);

/**
 * `profile_data` of `user`: field ID → `{ value }`, plus `rendered_value` (HTML) for the
 * text-like field types.
 */
export function profileDataOf(ctx: Pick<Context, 'db'>, user: UserRecord): Record<string, { value: string; rendered_value?: string }> {
  const data: Record<string, { value: string; rendered_value?: string }> = {};
  for (const [fieldId, value] of Object.entries(user.profile_data)) {
    const field = ctx.db.get('custom_profile_fields', Number(fieldId));
    if (!field) continue;
    data[fieldId] = RENDERED_TYPES.has(field.type) ? { value, rendered_value: renderMarkdown(value).html } : { value };
  }
  return data;
}
