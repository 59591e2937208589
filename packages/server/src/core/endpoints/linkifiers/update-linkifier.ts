import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateLinkifier } from '../../linkifiers/update-linkifier.js';

/** PATCH /realm/filters/{filter_id}: {@link updateLinkifier}. */
export const updateLinkifierImpl = implement(endpoints['linkifiers.update'], updateLinkifier);
