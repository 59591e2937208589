import type { StateBlock } from '../events/state-block.js';
import { STOP_WORDS } from './search-query.js';

/** The `stop_words` block: words full-text search ignores, so clients can tell users. */
export const stopWordsState: StateBlock = {
  eventTypes: ['stop_words'],
  fetch: () => ({ stop_words: [...STOP_WORDS] }),
};
