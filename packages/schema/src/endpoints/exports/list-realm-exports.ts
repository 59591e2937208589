import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { RealmExport } from '../../models/realm-export.js';

/** GET /export/realm: the organization's data exports (public and standard, FL 304), oldest first. */
export const listRealmExports = defineEndpoint({
  name: 'exports.list',
  method: 'GET',
  path: '/export/realm',
  access: 'admin',
  summary: "List the organization's data exports.",
  docs: 'get-realm-exports',
  params: z.object({}),
  response: z.looseObject({ exports: z.array(RealmExport) }),
  errors: [],
});
