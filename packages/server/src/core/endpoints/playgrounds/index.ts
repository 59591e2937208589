import { addPlaygroundImpl } from './add-playground.js';
import { listPlaygroundsImpl } from './list-playgrounds.js';
import { removePlaygroundImpl } from './remove-playground.js';

/** The handlers of the `playgrounds` contracts, in the order of the schema's table. */
export const playgrounds = [
  listPlaygroundsImpl,
  addPlaygroundImpl,
  removePlaygroundImpl,
] as const;
