import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { createSavedSnippet } from '../../saved-snippets/saved-snippets.js';

/** POST /saved_snippets: {@link createSavedSnippet}. */
export const createSavedSnippetImpl = implement(endpoints['savedSnippets.create'], createSavedSnippet);
