import { ApiError } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import { BLANK_FIELD, FieldErrors } from '../linkifiers/field-errors.js';
import { uriTemplateVariables } from '../markdown/uri-template-syntax.js';

// The real server's character set for languages (`+-.` is a range: `+ , - .`).
const LANGUAGE_CHARACTERS = /^[ a-zA-Z0-9_+-./#]*$/;

/** The fields of a new playground, as received. */
export interface PlaygroundInput {
  name: string;
  language: string;
  urlTemplate: string;
}

/**
 * Validates a new playground as the real server does and returns its stripped fields: the
 * language's characters first (`Invalid characters in pygments language`), then the model's
 * checks collected in one `BAD_REQUEST` with an `errors` dict: blank fields, an invalid
 * template, a template whose only variable is not `code`, a (language, name) pair already used.
 *
 * @see https://zulip.com/api/add-code-playground
 */
export function checkPlayground(ctx: Pick<Context, 'db'>, input: PlaygroundInput): PlaygroundInput {
  if (!LANGUAGE_CHARACTERS.test(input.language))
    throw new ApiError('BAD_REQUEST', 'Invalid characters in pygments language');
  const name = input.name.trim();
  const language = input.language.trim();
  const urlTemplate = input.urlTemplate.trim();
  const errors = new FieldErrors();
  const variables = uriTemplateVariables(urlTemplate);
  if (urlTemplate === '') errors.add('url_template', BLANK_FIELD);
  else if (variables === null) errors.add('url_template', 'Invalid URL template.');
  if (name === '') errors.add('name', BLANK_FIELD);
  if (language === '') errors.add('pygments_language', BLANK_FIELD);
  if (variables !== null && !variables.includes('code')) {
    errors.add('__all__', 'Missing the required variable "code" in the URL template');
  } else if (variables !== null && variables.length !== 1) {
    errors.add('__all__', '"code" should be the only variable present in the URL template');
  }
  if (!errors.has('name') && !errors.has('pygments_language')) {
    for (const other of ctx.db.all('playgrounds')) {
      if (other.name === name && other.pygments_language === language) {
        errors.add('__all__', 'Realm playground with this Realm, Pygments language and Name already exists.');
        break;
      }
    }
  }
  errors.throwIfAny();
  return { name, language, urlTemplate };
}
