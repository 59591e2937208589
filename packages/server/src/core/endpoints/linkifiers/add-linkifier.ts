import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { addLinkifier } from '../../linkifiers/add-linkifier.js';

/** POST /realm/filters: {@link addLinkifier}. */
export const addLinkifierImpl = implement(endpoints['linkifiers.add'], addLinkifier);
