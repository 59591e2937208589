import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** POST /mark_stream_as_read: mark the caller's messages of a channel read. */
export const markStreamAsRead = defineEndpoint({
  name: 'messages.markStreamAsRead',
  method: 'POST',
  path: '/mark_stream_as_read',
  access: 'user',
  summary: 'Mark the messages of a channel as read.',
  docs: 'mark-stream-as-read',
  params: z.object({ stream_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
