import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /export/realm: start a data export of the organization (1: public data; 2: standard,
 * with the private data of the users who consented, FL 304). It runs after the answer;
 * `realm_export` events tell administrators when it is ready or failed.
 */
export const createRealmExport = defineEndpoint({
  name: 'exports.create',
  method: 'POST',
  path: '/export/realm',
  access: 'admin',
  summary: 'Create a data export of the organization.',
  docs: 'export-realm',
  params: z.object({ export_type: z.union([z.literal(1), z.literal(2)]).default(1) }),
  response: z.looseObject({ id: z.number().int() }),
  errors: ['BAD_REQUEST'],
});
