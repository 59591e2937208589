import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listLegacyLinkifiers } from '../../linkifiers/list-linkifiers.js';

/** GET /realm/filters: {@link listLegacyLinkifiers}. */
export const listLegacyLinkifiersImpl = implement(endpoints['linkifiers.listLegacy'], listLegacyLinkifiers);
