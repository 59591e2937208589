import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { removeLinkifier } from '../../linkifiers/remove-linkifier.js';

/** DELETE /realm/filters/{filter_id}: {@link removeLinkifier}. */
export const removeLinkifierImpl = implement(endpoints['linkifiers.remove'], removeLinkifier);
