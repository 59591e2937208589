/**
 * The narrow engine: one parser and matcher for every endpoint that takes a narrow.
 *
 * @module
 */

// Parsing
export { normalizeNarrow, type NarrowOperand, type NarrowParameter } from './normalize-narrow.js';
export { parseNarrow } from './parse-narrow.js';
export { checkSpectatorNarrow } from './spectator-narrow.js';
export type { HasOperand, IsOperand, NarrowTerm, ParsedNarrow } from './narrow-term.js';
export { badNarrow, badNarrowCombination } from './narrow-errors.js';

// Matching and fetching
export { narrowMatcher } from './narrow-matcher.js';
export { narrowFilter } from './message-filter.js';
export { selectCandidates, type CandidateIndex, type CandidateSource } from './select-candidates.js';
export { LARGER_THAN_MAX_MESSAGE_ID, parseAnchor } from './anchor.js';
export {
  checkWindowRequest,
  fetchMessagesById,
  fetchMessageWindow,
  MAX_MESSAGES_PER_FETCH,
  type MessageWindow,
  type WindowRequest,
} from './fetch-message-window.js';

// Search
export { parseSearch, matchesSearch, type SearchQuery } from './search-query.js';
export { highlightHtml, searchFields, type SearchFields } from './highlight.js';

// Topics and event queues
export { TopicVisibility, VISIBILITY_POLICY } from './topic-visibility.js';
export { canReadChannelHistory } from '../model/channel-history.js';
export { queueNarrowFilter, type QueueNarrowPredicate } from './queue-narrow-filter.js';
