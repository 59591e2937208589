import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deleteDraft } from '../../drafts/drafts.js';

/** DELETE /drafts/{draft_id}: {@link deleteDraft}. */
export const removeDraftImpl = implement(endpoints['drafts.remove'], deleteDraft);
