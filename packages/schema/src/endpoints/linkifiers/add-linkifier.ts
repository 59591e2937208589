import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /realm/filters: add a linkifier, applied after the existing ones. Administrators only.
 *
 * @see https://zulip.com/api/add-linkifier
 */
export const addLinkifier = defineEndpoint({
  name: 'linkifiers.add',
  method: 'POST',
  path: '/realm/filters',
  access: 'admin',
  summary: 'Add a linkifier (administrators only).',
  docs: 'add-linkifier',
  params: z.object({
    /** A regular expression with named groups `(?P<name>...)`. */
    pattern: z.string(),
    /** RFC 6570; every `{name}` must be a group of the pattern and every group used. */
    url_template: z.string(),
  }),
  response: z.looseObject({ id: z.number().int() }),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
