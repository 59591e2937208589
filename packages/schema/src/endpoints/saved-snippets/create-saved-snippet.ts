import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { SnippetContent, SnippetTitle } from './saved-snippet-model.js';

/** POST /saved_snippets: save a snippet for the caller; answers its ID (FL 297). */
export const createSavedSnippet = defineEndpoint({
  name: 'savedSnippets.create',
  method: 'POST',
  path: '/saved_snippets',
  access: 'user',
  since: 297,
  summary: 'Create a saved snippet.',
  docs: 'create-saved-snippet',
  params: z.object({ title: SnippetTitle, content: SnippetContent }),
  response: z.looseObject({ saved_snippet_id: z.number().int() }),
  errors: ['BAD_REQUEST'],
});
