import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * DELETE /messages/{message_id}: delete a message permanently. Needs content access and the
 * organization's and channel's deletion permissions.
 *
 * @see https://zulip.com/api/delete-message
 */
export const deleteMessage = defineEndpoint({
  name: 'messages.delete',
  method: 'DELETE',
  path: '/messages/{message_id}',
  access: 'user',
  summary: 'Delete a message permanently.',
  docs: 'delete-message',
  params: z.object({ message_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
