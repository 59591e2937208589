import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listDrafts } from '../../drafts/drafts.js';

/** GET /drafts: {@link listDrafts}. */
export const listDraftsImpl = implement(endpoints['drafts.list'], listDrafts);
