import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * PATCH /channel_folders/{channel_folder_id}: rename a channel folder, change its description,
 * archive or unarchive it (only a folder without channels can be archived). Administrators only.
 *
 * @see https://zulip.com/api/update-channel-folder
 */
export const updateChannelFolder = defineEndpoint({
  name: 'channelFolders.update',
  method: 'PATCH',
  path: '/channel_folders/{channel_folder_id}',
  access: 'admin',
  since: 389,
  summary: 'Update a channel folder (administrators only).',
  docs: 'update-channel-folder',
  params: z.object({
    channel_folder_id: z.number().int(),
    name: z.string().max(60).optional(),
    description: z.string().max(1024).optional(),
    is_archived: z.boolean().optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
