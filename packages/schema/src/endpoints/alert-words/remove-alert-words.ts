import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /users/me/alert_words: remove alert words (case-insensitively). Answers the list left. */
export const removeAlertWords = defineEndpoint({
  name: 'alertWords.remove',
  method: 'DELETE',
  path: '/users/me/alert_words',
  access: 'user',
  summary: 'Remove alert words.',
  docs: 'remove-alert-words',
  params: z.object({ alert_words: z.array(z.string()) }),
  response: z.looseObject({ alert_words: z.array(z.string()) }),
  errors: ['BAD_REQUEST'],
});
