import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { reorderLinkifiers } from '../../linkifiers/reorder-linkifiers.js';

/** PATCH /realm/linkifiers: {@link reorderLinkifiers}. */
export const reorderLinkifiersImpl = implement(endpoints['linkifiers.reorder'], reorderLinkifiers);
