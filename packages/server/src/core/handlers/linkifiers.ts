import { areaHandlers } from '../dispatch/handler.js';
import { addLinkifier } from '../linkifiers/add-linkifier.js';
import { listLegacyLinkifiers, listLinkifiers } from '../linkifiers/list-linkifiers.js';
import { removeLinkifier } from '../linkifiers/remove-linkifier.js';
import { reorderLinkifiers } from '../linkifiers/reorder-linkifiers.js';
import { updateLinkifier } from '../linkifiers/update-linkifier.js';

/** The handlers of the `linkifiers` contracts (schema/src/endpoints/linkifiers/). */
export const linkifiersHandlers = areaHandlers(
  'linkifiers',
  { ports: [] },
  {
    'linkifiers.add': { operation: addLinkifier },
    'linkifiers.list': { operation: listLinkifiers },
    'linkifiers.listLegacy': { operation: listLegacyLinkifiers },
    'linkifiers.remove': { operation: removeLinkifier },
    'linkifiers.reorder': { operation: reorderLinkifiers },
    'linkifiers.update': { operation: updateLinkifier },
  },
);
