import { getStatusImpl } from './get-status.js';
import { updateStatusImpl } from './update-status.js';
import { updateStatusOfImpl } from './update-status-of.js';

/** The handlers of the `user-status` contracts, in the order of the schema's table. */
export const userStatus = [
  updateStatusImpl,
  updateStatusOfImpl,
  getStatusImpl,
] as const;
