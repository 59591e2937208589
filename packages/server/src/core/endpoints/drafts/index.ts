import { createDraftsImpl } from './create-drafts.js';
import { listDraftsImpl } from './list-drafts.js';
import { removeDraftImpl } from './remove-draft.js';
import { updateDraftImpl } from './update-draft.js';

/** The handlers of the `drafts` contracts, in the order of the schema's table. */
export const drafts = [
  listDraftsImpl,
  createDraftsImpl,
  updateDraftImpl,
  removeDraftImpl,
] as const;
