import type { AreaHandlers } from '../dispatch/handler.js';
import { setEditTypingStatus, setTypingStatus } from '../typing/typing.js';

/** The handlers of the `typing` contracts (schema/src/endpoints/typing/). */
export const typingHandlers = {
  'typing.setEditStatus': { operation: setEditTypingStatus },
  'typing.setStatus': { operation: setTypingStatus },
} satisfies AreaHandlers<'typing'>;
