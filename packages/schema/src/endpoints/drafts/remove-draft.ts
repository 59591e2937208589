import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /drafts/{draft_id}: delete one of the caller's drafts. */
export const removeDraft = defineEndpoint({
  name: 'drafts.remove',
  method: 'DELETE',
  path: '/drafts/{draft_id}',
  access: 'user',
  since: 87,
  summary: 'Delete a draft.',
  docs: 'delete-draft',
  params: z.object({ draft_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
  /** Another user's draft, or none: 404 as the real server's `ResourceNotFoundError`. */
  errorStatuses: { BAD_REQUEST: [404] },
});
