import { createSavedSnippetImpl } from './create-saved-snippet.js';
import { listSavedSnippetsImpl } from './list-saved-snippets.js';
import { removeSavedSnippetImpl } from './remove-saved-snippet.js';
import { updateSavedSnippetImpl } from './update-saved-snippet.js';

/** The handlers of the `savedSnippets` contracts, in the order of the schema's table. */
export const savedSnippets = [
  listSavedSnippetsImpl,
  createSavedSnippetImpl,
  updateSavedSnippetImpl,
  removeSavedSnippetImpl,
] as const;
