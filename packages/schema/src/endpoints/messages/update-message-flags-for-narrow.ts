import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Anchor } from '../../models/anchor.js';
import { Narrow } from '../../models/narrow.js';
import { FlagOp } from './update-message-flags.js';

/**
 * POST /messages/flags/narrow: add or remove a personal flag on a range of messages in a
 * narrow, as GET /messages would select them. The reference server processes at most 5000
 * messages per request: `num_before` is reduced to `max(5000 - num_after, 2500)`, then
 * `num_after` to `5000 - num_before`; continue from `last_processed_id` until `found_newest`.
 *
 * @see https://zulip.com/api/update-message-flags-for-narrow
 */
export const updateMessageFlagsForNarrow = defineEndpoint({
  name: 'messages.updateFlagsForNarrow',
  method: 'POST',
  path: '/messages/flags/narrow',
  access: 'user',
  since: 155,
  summary: 'Add or remove a personal flag on a range of messages in a narrow.',
  docs: 'update-message-flags-for-narrow',
  params: z.object({
    anchor: Anchor,
    include_anchor: z.boolean().default(true),
    num_before: z.number().int().nonnegative(),
    num_after: z.number().int().nonnegative(),
    narrow: Narrow,
    op: FlagOp,
    flag: z.string(),
  }),
  response: z.looseObject({
    processed_count: z.number().int(),
    updated_count: z.number().int(),
    first_processed_id: z.number().int().nullable(),
    last_processed_id: z.number().int().nullable(),
    found_oldest: z.boolean(),
    found_newest: z.boolean(),
    /** Only for `read`/`remove` (since feature level 355). */
    ignored_because_not_subscribed_channels: z.array(z.number().int()).optional(),
  }),
  errors: ['BAD_REQUEST', 'BAD_NARROW'],
});
