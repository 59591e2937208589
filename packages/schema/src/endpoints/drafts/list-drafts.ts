import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Draft } from './draft-model.js';

/** GET /drafts: the caller's drafts, most recently edited first (FL 87). */
export const listDrafts = defineEndpoint({
  name: 'drafts.list',
  method: 'GET',
  path: '/drafts',
  access: 'user',
  since: 87,
  summary: "Get the caller's drafts.",
  docs: 'get-drafts',
  params: z.object({}),
  response: z.looseObject({ count: z.number().int(), drafts: z.array(Draft) }),
  errors: [],
});
