import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /saved_snippets/{saved_snippet_id}: delete one of the caller's snippets (FL 297). */
export const removeSavedSnippet = defineEndpoint({
  name: 'savedSnippets.remove',
  method: 'DELETE',
  path: '/saved_snippets/{saved_snippet_id}',
  access: 'user',
  since: 297,
  summary: 'Delete a saved snippet.',
  docs: 'delete-saved-snippet',
  params: z.object({ saved_snippet_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
  /** Another user's snippet, or none: 404 as the real server's `ResourceNotFoundError`. */
  errorStatuses: { BAD_REQUEST: [404] },
});
