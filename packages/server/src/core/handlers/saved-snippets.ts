import { areaHandlers } from '../dispatch/handler.js';
import {
  createSavedSnippet,
  deleteSavedSnippet,
  listSavedSnippets,
  updateSavedSnippet,
} from '../saved-snippets/saved-snippets.js';

/** The handlers of the `saved-snippets` contracts (schema/src/endpoints/saved-snippets/). */
export const savedSnippetsHandlers = areaHandlers(
  'savedSnippets',
  { ports: [] },
  {
    'savedSnippets.create': { operation: createSavedSnippet },
    'savedSnippets.list': { operation: listSavedSnippets },
    'savedSnippets.remove': { operation: deleteSavedSnippet },
    'savedSnippets.update': { operation: updateSavedSnippet },
  },
);
