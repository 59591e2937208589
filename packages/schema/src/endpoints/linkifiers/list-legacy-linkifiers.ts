import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * GET /realm/filters: the organization's linkifiers as `[pattern, url_template, id]` tuples,
 * in the order they are applied. The real server deprecated this endpoint at feature level 54
 * and no longer serves it; we keep it for old clients. Its tuples once carried a
 * `%(name)s` format string; here the second element is the RFC 6570 `url_template`.
 *
 * @deprecated Use GET /realm/linkifiers (`linkifiers.list`) instead.
 * @see https://zulip.com/api/get-linkifiers
 */
export const listLegacyLinkifiers = defineEndpoint({
  name: 'linkifiers.listLegacy',
  method: 'GET',
  path: '/realm/filters',
  access: 'user',
  summary: 'List the linkifiers as legacy tuples (deprecated; use linkifiers.list).',
  docs: 'get-linkifiers',
  docsNote: 'The deprecated form of GET /realm/linkifiers.',
  params: z.object({}),
  response: z.looseObject({ filters: z.array(z.tuple([z.string(), z.string(), z.number().int()])) }),
  errors: [],
  deprecated: 'linkifiers.list',
});
