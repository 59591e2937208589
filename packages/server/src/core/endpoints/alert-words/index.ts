import { addAlertWordsImpl } from './add-alert-words.js';
import { listAlertWordsImpl } from './list-alert-words.js';
import { removeAlertWordsImpl } from './remove-alert-words.js';

/** The handlers of the `alert-words` contracts, in the order of the schema's table. */
export const alertWords = [
  listAlertWordsImpl,
  addAlertWordsImpl,
  removeAlertWordsImpl,
] as const;
