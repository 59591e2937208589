import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** GET /export/realm/consents: whether each active human user allows exports of their private data (FL 295). */
export const listExportConsents = defineEndpoint({
  name: 'exports.consents',
  method: 'GET',
  path: '/export/realm/consents',
  access: 'admin',
  since: 295,
  summary: 'Which users consent to exports of their private data.',
  docs: 'get-realm-export-consents',
  params: z.object({}),
  response: z.looseObject({
    export_consents: z.array(z.object({ user_id: z.number().int(), consented: z.boolean() })),
  }),
  errors: [],
});
