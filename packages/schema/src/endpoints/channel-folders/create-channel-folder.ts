import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /channel_folders/create: create a channel folder (placed last). Administrators only.
 * Names are unique among the folders that are not archived, ignoring case.
 *
 * @see https://zulip.com/api/create-channel-folder
 */
export const createChannelFolder = defineEndpoint({
  name: 'channelFolders.create',
  method: 'POST',
  path: '/channel_folders/create',
  access: 'admin',
  since: 389,
  summary: 'Create a channel folder (administrators only).',
  docs: 'create-channel-folder',
  params: z.object({
    /** Not blank; at most 60 characters. */
    name: z.string().max(60),
    /** Markdown; at most 1024 characters; may be empty. */
    description: z.string().max(1024),
  }),
  response: z.looseObject({ channel_folder_id: z.number().int() }),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
