import { setEditTypingStatusImpl } from './set-edit-typing-status.js';
import { setTypingStatusImpl } from './set-typing-status.js';

/** The handlers of the `typing` contracts, in the order of the schema's table. */
export const typing = [
  setTypingStatusImpl,
  setEditTypingStatusImpl,
] as const;
