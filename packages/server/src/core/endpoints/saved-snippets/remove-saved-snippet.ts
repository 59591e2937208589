import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deleteSavedSnippet } from '../../saved-snippets/saved-snippets.js';

/** DELETE /saved_snippets/{saved_snippet_id}: {@link deleteSavedSnippet}. */
export const removeSavedSnippetImpl = implement(endpoints['savedSnippets.remove'], deleteSavedSnippet);
