import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /users/me/alert_words: add alert words; messages containing one get the
 * `has_alert_word` flag. Answers the whole list.
 */
export const addAlertWords = defineEndpoint({
  name: 'alertWords.add',
  method: 'POST',
  path: '/users/me/alert_words',
  access: 'user',
  summary: 'Add alert words.',
  docs: 'add-alert-words',
  params: z.object({
    /** Words of at most 100 characters; blanks are dropped, duplicates (any case) kept once. */
    alert_words: z.array(z.string().max(100)),
  }),
  response: z.looseObject({ alert_words: z.array(z.string()) }),
  errors: ['BAD_REQUEST'],
});
