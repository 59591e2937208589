import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Anchor } from '../../models/anchor.js';
import { Message } from '../../models/message.js';
import { Narrow } from '../../models/narrow.js';

/**
 * GET /messages: a window of messages around an anchor in a narrow, or the messages listed in
 * `message_ids`. Spectators may read web-public channels without credentials.
 *
 * @see https://zulip.com/api/get-messages
 */
export const listMessages = defineEndpoint({
  name: 'messages.list',
  method: 'GET',
  path: '/messages',
  access: 'optional',
  summary: 'Fetch a range of messages matching a narrow.',
  docs: 'get-messages',
  params: z.object({
    /** Required unless `message_ids` or `use_first_unread_anchor` is given. */
    anchor: Anchor.optional(),
    include_anchor: z.boolean().default(true),
    /** Required unless `message_ids` is given. */
    num_before: z.number().int().nonnegative().optional(),
    num_after: z.number().int().nonnegative().optional(),
    narrow: Narrow.default([]),
    client_extavatar: z.boolean().default(true),
    apply_markdown: z.boolean().default(true),
    /** @deprecated Use `anchor: 'first_unread'`. */
    use_first_unread_anchor: z.boolean().default(false),
    /** Since feature level 300; exclusive with the anchor parameters. */
    message_ids: z.array(z.number().int()).optional(),
    /** Since feature level 334. */
    allow_empty_topic_name: z.boolean().default(false),
  }),
  aliases: { client_gravatar: 'client_extavatar' },
  response: z.looseObject({
    messages: z.array(Message),
    /** The numeric anchor used; absent with `message_ids`. `newest` is 10^16, beyond safe integers (so not `.int()`). */
    anchor: z.number().optional(),
    found_anchor: z.boolean(),
    found_oldest: z.boolean(),
    found_newest: z.boolean(),
    history_limited: z.boolean(),
  }),
  errors: ['BAD_REQUEST', 'BAD_NARROW', 'UNAUTHORIZED'],
});
