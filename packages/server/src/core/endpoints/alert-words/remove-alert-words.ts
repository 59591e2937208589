import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { removeAlertWords } from '../../alert-words/alert-words.js';

/** DELETE /users/me/alert_words: {@link removeAlertWords}. */
export const removeAlertWordsImpl = implement(endpoints['alertWords.remove'], removeAlertWords);
