import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { SnippetContent, SnippetTitle } from './saved-snippet-model.js';

/** PATCH /saved_snippets/{saved_snippet_id}: change the title or content of one of the caller's snippets (FL 368). */
export const updateSavedSnippet = defineEndpoint({
  name: 'savedSnippets.update',
  method: 'PATCH',
  path: '/saved_snippets/{saved_snippet_id}',
  access: 'user',
  since: 368,
  summary: 'Edit a saved snippet.',
  docs: 'edit-saved-snippet',
  params: z.object({
    saved_snippet_id: z.number().int(),
    title: SnippetTitle.optional(),
    content: SnippetContent.optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
  /** Another user's snippet, or none: 404 as the real server's `ResourceNotFoundError`. */
  errorStatuses: { BAD_REQUEST: [404] },
});
