/**
 * The narrow engine: one parser and matcher for every endpoint that takes a narrow
 * (GET /messages, POST /messages/flags/narrow, GET /messages/matches_narrow, event queues).
 *
 * @module
 */

// Parsing
export { normalizeNarrow } from './normalize-narrow.js';
export { parseNarrow } from './parse-narrow.js';
export { checkSpectatorNarrow } from './spectator-narrow.js';

// Matching and fetching
export { narrowMatcher } from './narrow-matcher.js';
export {
  checkWindowRequest,
  fetchMessagesById,
  fetchMessageWindow,
  MAX_MESSAGES_PER_FETCH,
} from './fetch-message-window.js';

// Search
export { searchFields } from './highlight.js';

// Event queues
export { queueNarrowFilter } from './queue-narrow-filter.js';
