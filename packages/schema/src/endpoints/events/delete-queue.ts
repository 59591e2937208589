import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /events: delete a registered event queue. */
export const deleteQueue = defineEndpoint({
  name: 'events.deleteQueue',
  method: 'DELETE',
  path: '/events',
  access: 'user',
  summary: 'Delete an event queue.',
  docs: 'delete-queue',
  params: z.object({ queue_id: z.string() }),
  response: z.looseObject({}),
  errors: ['BAD_EVENT_QUEUE_ID'],
});
