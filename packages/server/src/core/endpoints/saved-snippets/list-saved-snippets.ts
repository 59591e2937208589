import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listSavedSnippets } from '../../saved-snippets/saved-snippets.js';

/** GET /saved_snippets: {@link listSavedSnippets}. */
export const listSavedSnippetsImpl = implement(endpoints['savedSnippets.list'], listSavedSnippets);
