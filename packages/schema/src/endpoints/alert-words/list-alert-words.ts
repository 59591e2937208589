import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** GET /users/me/alert_words: the caller's alert words. */
export const listAlertWords = defineEndpoint({
  name: 'alertWords.list',
  method: 'GET',
  path: '/users/me/alert_words',
  access: 'user',
  summary: "Get the caller's alert words.",
  docs: 'get-alert-words',
  params: z.object({}),
  response: z.looseObject({ alert_words: z.array(z.string()) }),
  errors: [],
});
