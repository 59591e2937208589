import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * GET /messages/{message_id}/read_receipts: who read a message (FL 137), when the
 * organization has `enable_read_receipts`: never its sender, nor users who do not send read
 * receipts, are deactivated, or mute (or are muted by) the caller.
 */
export const getReadReceipts = defineEndpoint({
  name: 'messages.readReceipts',
  method: 'GET',
  path: '/messages/{message_id}/read_receipts',
  access: 'user',
  since: 137,
  summary: "Get a message's read receipts.",
  docs: 'get-read-receipts',
  params: z.object({ message_id: z.number().int().nonnegative() }),
  response: z.looseObject({ user_ids: z.array(z.number().int()) }),
  errors: ['BAD_REQUEST'],
});
