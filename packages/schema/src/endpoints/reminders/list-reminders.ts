import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Reminder } from './reminder-model.js';

/** GET /reminders: the caller's undelivered reminders, soonest first (FL 399). */
export const listReminders = defineEndpoint({
  name: 'reminders.list',
  method: 'GET',
  path: '/reminders',
  access: 'user',
  since: 399,
  summary: "Get the caller's reminders.",
  docs: 'get-reminders',
  params: z.object({}),
  response: z.looseObject({ reminders: z.array(Reminder) }),
  errors: [],
});
