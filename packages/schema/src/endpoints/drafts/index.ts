export { createDrafts } from './create-drafts.js';
export { listDrafts } from './list-drafts.js';
export { removeDraft } from './remove-draft.js';
export { updateDraft } from './update-draft.js';
