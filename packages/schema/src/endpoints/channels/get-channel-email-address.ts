import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** GET /streams/{stream_id}/email_address: the address that posts to a channel by email (FL 226). */
export const getChannelEmailAddress = defineEndpoint({
  name: 'channels.getEmailAddress',
  method: 'GET',
  path: '/streams/{stream_id}/email_address',
  access: 'user',
  since: 226,
  summary: "Get a channel's email address.",
  docs: 'get-stream-email-address',
  params: z.object({
    stream_id: z.number().int(),
    /** The caller or a bot they own, shown as the sender (FL 335); default the email gateway. */
    sender_id: z.number().int().optional(),
  }),
  response: z.looseObject({ email: z.string() }),
  errors: ['BAD_REQUEST'],
});
