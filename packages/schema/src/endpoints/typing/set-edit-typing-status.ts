import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** POST /messages/{message_id}/typing: tell the message's audience the caller is editing it (FL 351). */
export const setEditTypingStatus = defineEndpoint({
  name: 'typing.setEditStatus',
  method: 'POST',
  path: '/messages/{message_id}/typing',
  access: 'user',
  since: 351,
  summary: 'Set the typing status of a message edit.',
  docs: 'set-typing-status-for-message-edit',
  params: z.object({ message_id: z.number().int(), op: z.enum(['start', 'stop']) }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
