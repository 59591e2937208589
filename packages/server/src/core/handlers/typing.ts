import { areaHandlers } from '../dispatch/handler.js';
import { setEditTypingStatus, setTypingStatus } from '../typing/typing.js';

/** The handlers of the `typing` contracts (schema/src/endpoints/typing/). */
export const typingHandlers = areaHandlers(
  'typing',
  { ports: [] },
  {
    'typing.setEditStatus': { operation: setEditTypingStatus },
    'typing.setStatus': { operation: setTypingStatus },
  },
);
