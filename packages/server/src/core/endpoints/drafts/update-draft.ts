import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateDraft } from '../../drafts/drafts.js';

/** PATCH /drafts/{draft_id}: {@link updateDraft}. */
export const updateDraftImpl = implement(endpoints['drafts.update'], updateDraft);
