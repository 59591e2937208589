import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Linkifier } from '../../models/realm-config.js';

/**
 * GET /realm/linkifiers: the organization's linkifiers, in the order they are applied.
 *
 * @see https://zulip.com/api/get-linkifiers
 */
export const listLinkifiers = defineEndpoint({
  name: 'linkifiers.list',
  method: 'GET',
  path: '/realm/linkifiers',
  access: 'user',
  since: 54,
  summary: 'List the linkifiers of the organization.',
  docs: 'get-linkifiers',
  params: z.object({}),
  response: z.looseObject({ linkifiers: z.array(Linkifier) }),
  errors: [],
});
