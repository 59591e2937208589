import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * PATCH /realm/linkifiers: set the order in which linkifiers apply. Administrators only.
 *
 * @see https://zulip.com/api/reorder-linkifiers
 */
export const reorderLinkifiers = defineEndpoint({
  name: 'linkifiers.reorder',
  method: 'PATCH',
  path: '/realm/linkifiers',
  access: 'admin',
  since: 202,
  summary: 'Reorder the linkifiers (administrators only).',
  docs: 'reorder-linkifiers',
  params: z.object({
    /** Every linkifier ID exactly once, in the new order. */
    ordered_linkifier_ids: z.array(z.number().int()),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
