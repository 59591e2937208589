import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listAlertWords } from '../../alert-words/alert-words.js';

/** GET /users/me/alert_words: {@link listAlertWords}. */
export const listAlertWordsImpl = implement(endpoints['alertWords.list'], listAlertWords);
