import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { matchesNarrow } from '../../messages/matches-narrow.js';

/** GET /messages/matches_narrow: {@link matchesNarrow}. */
export const matchesNarrowImpl = implement(endpoints['messages.matchesNarrow'], matchesNarrow);
