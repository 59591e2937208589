import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /realm/playgrounds: add a code playground for a language. Administrators only. The
 * real server's spelling `pygments_language` is accepted for `highlighter_language`.
 * (name, language) pairs are unique.
 *
 * @see https://zulip.com/api/add-code-playground
 */
export const addPlayground = defineEndpoint({
  name: 'playgrounds.add',
  method: 'POST',
  path: '/realm/playgrounds',
  access: 'admin',
  since: 49,
  summary: 'Add a code playground (administrators only).',
  docs: 'add-code-playground',
  params: z.object({
    name: z.string(),
    /** At most 40 characters of `[ a-zA-Z0-9_+-./#]`. */
    highlighter_language: z.string().max(40),
    /** RFC 6570 with exactly one variable, `code`. */
    url_template: z.string(),
  }),
  aliases: { pygments_language: 'highlighter_language' },
  response: z.looseObject({ id: z.number().int() }),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
