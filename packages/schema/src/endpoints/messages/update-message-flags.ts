import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** Whether a flags request sets or clears the flag. */
export const FlagOp = z.enum(['add', 'remove']).meta({ invalidMessage: "Invalid message flag operation: '{input}'" });
export type FlagOp = z.infer<typeof FlagOp>;

/**
 * POST /messages/flags: add or remove a personal flag on messages given by ID.
 *
 * @see https://zulip.com/api/update-message-flags
 */
export const updateMessageFlags = defineEndpoint({
  name: 'messages.updateFlags',
  method: 'POST',
  path: '/messages/flags',
  access: 'user',
  summary: 'Add or remove a personal flag on messages.',
  docs: 'update-message-flags',
  params: z.object({
    messages: z.array(z.number().int()),
    op: FlagOp,
    /** Flag name; the server answers `Invalid flag` / `Flag not editable` for the wrong ones. */
    flag: z.string(),
  }),
  response: z.looseObject({
    /** The requested IDs, echoed back. */
    messages: z.array(z.number().int()),
    /** Only for `read`/`remove` (since feature level 355). */
    ignored_because_not_subscribed_channels: z.array(z.number().int()).optional(),
  }),
  errors: ['BAD_REQUEST'],
});
