import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { SavedSnippet } from './saved-snippet-model.js';

/** GET /saved_snippets: the caller's saved snippets, oldest first (FL 297). */
export const listSavedSnippets = defineEndpoint({
  name: 'savedSnippets.list',
  method: 'GET',
  path: '/saved_snippets',
  access: 'user',
  since: 297,
  summary: "Get the caller's saved snippets.",
  docs: 'get-saved-snippets',
  params: z.object({}),
  response: z.looseObject({ saved_snippets: z.array(SavedSnippet) }),
  errors: [],
});
