import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Attachment } from '../../models/realm-config.js';

/**
 * GET /attachments: the files the caller uploaded, and the organization's total upload size.
 *
 * @see https://zulip.com/api/get-attachments
 */
export const listAttachments = defineEndpoint({
  name: 'attachments.list',
  method: 'GET',
  path: '/attachments',
  access: 'user',
  summary: "List the caller's uploaded files.",
  docs: 'get-attachments',
  params: z.object({}),
  response: z.looseObject({
    attachments: z.array(Attachment),
    /** Bytes used by all uploads of the organization. */
    upload_space_used: z.number().int(),
  }),
  errors: [],
});
