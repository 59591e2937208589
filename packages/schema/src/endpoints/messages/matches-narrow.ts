import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Narrow } from '../../models/narrow.js';

/** A message that matches the narrow: its content and topic as HTML, with search highlights. */
export const NarrowMatch = z.looseObject({ match_content: z.string(), match_subject: z.string() });
export type NarrowMatch = z.infer<typeof NarrowMatch>;

/**
 * GET /messages/matches_narrow: which of the given messages match a narrow.
 *
 * @see https://zulip.com/api/check-messages-match-narrow
 */
export const matchesNarrow = defineEndpoint({
  name: 'messages.matchesNarrow',
  method: 'GET',
  path: '/messages/matches_narrow',
  access: 'user',
  summary: 'Test messages against a narrow.',
  docs: 'check-messages-match-narrow',
  params: z.object({
    msg_ids: z.array(z.number().int()),
    narrow: Narrow,
  }),
  response: z.looseObject({
    /** Keyed by message ID; only the matching messages. */
    messages: z.record(z.string(), NarrowMatch),
  }),
  errors: ['BAD_REQUEST', 'BAD_NARROW'],
});
