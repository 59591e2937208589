import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * DELETE /attachments/{attachment_id}: delete one of the caller's uploaded files.
 *
 * @see https://zulip.com/api/remove-attachment
 */
export const deleteAttachment = defineEndpoint({
  name: 'attachments.delete',
  method: 'DELETE',
  path: '/attachments/{attachment_id}',
  access: 'user',
  summary: 'Delete an uploaded file.',
  docs: 'remove-attachment',
  params: z.object({ attachment_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED'],
});
