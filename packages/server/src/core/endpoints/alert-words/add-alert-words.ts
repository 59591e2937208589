import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { addAlertWords } from '../../alert-words/alert-words.js';

/** POST /users/me/alert_words: {@link addAlertWords}. */
export const addAlertWordsImpl = implement(endpoints['alertWords.add'], addAlertWords);
