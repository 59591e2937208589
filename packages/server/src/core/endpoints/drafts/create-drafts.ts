import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { createDrafts } from '../../drafts/drafts.js';

/** POST /drafts: {@link createDrafts}. */
export const createDraftsImpl = implement(endpoints['drafts.create'], createDrafts);
