import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listPlaygrounds } from '../../playgrounds/playground-endpoints.js';

/** GET /realm/playgrounds: {@link listPlaygrounds}. */
export const listPlaygroundsImpl = implement(endpoints['playgrounds.list'], listPlaygrounds);
