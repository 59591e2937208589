import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateFlagsForNarrow } from '../../messages/update-flags-for-narrow.js';

/** POST /messages/flags/narrow: {@link updateFlagsForNarrow}. */
export const updateFlagsForNarrowImpl = implement(endpoints['messages.updateFlagsForNarrow'], updateFlagsForNarrow);
