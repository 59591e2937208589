import type { Context } from '../runtime/context.js';
import { compileLinkifier, isLinkifierError } from '../markdown/compile-linkifier.js';
import { uriTemplateVariables } from '../markdown/uri-template-syntax.js';
import { BLANK_FIELD, FieldErrors } from './field-errors.js';

/**
 * Validates a linkifier (already stripped) as the real server's model does, collecting every
 * error: blank fields and an invalid URL template first, then a pattern that does not compile
 * or groups that do not match the template's variables (`__all__`), then a pattern another
 * linkifier already has. Throws `BAD_REQUEST` with the first message and the `errors` dict.
 *
 * @example checkLinkifier(ctx, '#(?P<id>[0-9]+)', 'https://example.com/{id}')
 * @see https://zulip.com/api/get-linkifiers
 */
export function checkLinkifier(
  ctx: Pick<Context, 'db'>,
  pattern: string,
  urlTemplate: string,
  exceptId?: number,
): void {
  const errors = new FieldErrors();
  if (pattern === '') errors.add('pattern', BLANK_FIELD);
  if (urlTemplate === '') errors.add('url_template', BLANK_FIELD);
  else if (uriTemplateVariables(urlTemplate) === null) errors.add('url_template', 'Invalid URL template.');
  try {
    compileLinkifier(pattern, urlTemplate);
  } catch (error) {
    if (!isLinkifierError(error)) throw error;
    // An invalid template is a field error, reported above; the rest come from the model's
    // cross-field check, whose errors are not tied to a field.
    if (error.field !== 'url_template') errors.add('__all__', error.message);
  }
  if (!errors.has('pattern')) {
    for (const other of ctx.db.all('linkifiers')) {
      if (other.pattern === pattern && other.id !== exceptId) {
        errors.add('__all__', 'Realm filter with this Realm and Pattern already exists.');
        break;
      }
    }
  }
  errors.throwIfAny();
}
