import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateSavedSnippet } from '../../saved-snippets/saved-snippets.js';

/** PATCH /saved_snippets/{saved_snippet_id}: {@link updateSavedSnippet}. */
export const updateSavedSnippetImpl = implement(endpoints['savedSnippets.update'], updateSavedSnippet);
