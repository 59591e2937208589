import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { Channel } from '../../models/channel.js';

/**
 * GET /streams: the channels the caller has access to, selected by the `include_*` flags.
 *
 * @see https://zulip.com/api/get-streams
 */
export const listChannels = defineEndpoint({
  name: 'channels.list',
  method: 'GET',
  path: '/streams',
  access: 'user',
  summary: 'List the channels the caller can see.',
  docs: 'get-streams',
  params: z.object({
    include_public: z.boolean().default(true),
    include_web_public: z.boolean().default(false),
    include_subscribed: z.boolean().default(true),
    exclude_archived: z.boolean().default(true),
    include_all: z.boolean().default(false),
    include_default: z.boolean().default(false),
    include_owner_subscribed: z.boolean().default(false),
    include_can_access_content: z.boolean().default(false),
    include_all_active: z.boolean().default(false),
  }),
  response: z.looseObject({ streams: z.array(Channel) }),
  errors: ['BAD_REQUEST'],
});
