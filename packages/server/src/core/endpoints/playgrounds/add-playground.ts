import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { addPlayground } from '../../playgrounds/playground-endpoints.js';

/** POST /realm/playgrounds: {@link addPlayground}. */
export const addPlaygroundImpl = implement(endpoints['playgrounds.add'], addPlayground);
