import { areaHandlers } from '../dispatch/handler.js';
import { addPlayground, listPlaygrounds, removePlayground } from '../playgrounds/playground-endpoints.js';

/** The handlers of the `playgrounds` contracts (schema/src/endpoints/playgrounds/). */
export const playgroundsHandlers = areaHandlers(
  'playgrounds',
  { ports: [] },
  {
    'playgrounds.add': { operation: addPlayground },
    'playgrounds.list': { operation: listPlaygrounds },
    'playgrounds.remove': { operation: removePlayground },
  },
);
