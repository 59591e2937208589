import { areaHandlers } from '../dispatch/handler.js';
import { addAlertWords, listAlertWords, removeAlertWords } from '../alert-words/alert-words.js';

/** The handlers of the `alert-words` contracts (schema/src/endpoints/alert-words/). */
export const alertWordsHandlers = areaHandlers(
  'alertWords',
  { ports: [] },
  {
    'alertWords.add': { operation: addAlertWords },
    'alertWords.list': { operation: listAlertWords },
    'alertWords.remove': { operation: removeAlertWords },
  },
);
