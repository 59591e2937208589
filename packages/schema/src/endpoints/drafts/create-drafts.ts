import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { DraftInput } from './draft-model.js';

/** POST /drafts: save drafts (needs `enable_drafts_synchronization`); answers their IDs. */
export const createDrafts = defineEndpoint({
  name: 'drafts.create',
  method: 'POST',
  path: '/drafts',
  access: 'user',
  since: 87,
  summary: 'Create drafts.',
  docs: 'create-drafts',
  params: z.object({ drafts: z.array(DraftInput) }),
  response: z.looseObject({ ids: z.array(z.number().int()) }),
  errors: ['BAD_REQUEST'],
});
