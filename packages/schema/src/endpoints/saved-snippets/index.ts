export { createSavedSnippet } from './create-saved-snippet.js';
export { listSavedSnippets } from './list-saved-snippets.js';
export { removeSavedSnippet } from './remove-saved-snippet.js';
export { updateSavedSnippet } from './update-saved-snippet.js';
