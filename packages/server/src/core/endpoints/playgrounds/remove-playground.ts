import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { removePlayground } from '../../playgrounds/playground-endpoints.js';

/** DELETE /realm/playgrounds/{playground_id}: {@link removePlayground}. */
export const removePlaygroundImpl = implement(endpoints['playgrounds.remove'], removePlayground);
