import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** POST /mark_all_as_read: mark every message of the caller read, in batches; `complete` false means call again (FL 153). */
export const markAllAsRead = defineEndpoint({
  name: 'messages.markAllAsRead',
  method: 'POST',
  path: '/mark_all_as_read',
  access: 'user',
  summary: 'Mark all messages as read.',
  docs: 'mark-all-as-read',
  params: z.object({}),
  response: z.looseObject({ complete: z.boolean() }),
  errors: [],
});
