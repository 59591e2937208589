import { areaHandlers } from '../dispatch/handler.js';
import { createDrafts, deleteDraft, listDrafts, updateDraft } from '../drafts/drafts.js';

/** The handlers of the `drafts` contracts (schema/src/endpoints/drafts/). */
export const draftsHandlers = areaHandlers(
  'drafts',
  { ports: [] },
  {
    'drafts.create': { operation: createDrafts },
    'drafts.list': { operation: listDrafts },
    'drafts.remove': { operation: deleteDraft },
    'drafts.update': { operation: updateDraft },
  },
);
