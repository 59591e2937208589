import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /messages/{message_id}/report: report a message to the organization's moderation
 * request channel, where the Notification Bot posts the report (FL 382).
 */
export const reportMessage = defineEndpoint({
  name: 'messages.report',
  method: 'POST',
  path: '/messages/{message_id}/report',
  access: 'user',
  since: 382,
  summary: 'Report a message.',
  docs: 'report-message',
  params: z.object({
    message_id: z.number().int(),
    report_type: z.enum(['spam', 'harassment', 'inappropriate', 'norms', 'other']),
    /** Required (not empty) for `other`; at most 1000 characters. */
    description: z.string().max(1000).default(''),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
