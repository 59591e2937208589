import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { DraftInput } from './draft-model.js';

/** PATCH /drafts/{draft_id}: replace one of the caller's drafts. */
export const updateDraft = defineEndpoint({
  name: 'drafts.update',
  method: 'PATCH',
  path: '/drafts/{draft_id}',
  access: 'user',
  since: 87,
  summary: 'Edit a draft.',
  docs: 'edit-draft',
  params: z.object({ draft_id: z.number().int(), draft: DraftInput }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
  /** Another user's draft, or none: 404 as the real server's `ResourceNotFoundError`. */
  errorStatuses: { BAD_REQUEST: [404] },
});
