import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listLinkifiers } from '../../linkifiers/list-linkifiers.js';

/** GET /realm/linkifiers: {@link listLinkifiers}. */
export const listLinkifiersImpl = implement(endpoints['linkifiers.list'], listLinkifiers);
