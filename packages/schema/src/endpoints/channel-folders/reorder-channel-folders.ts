import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * PATCH /channel_folders: set the display order of the channel folders; `order` must name
 * every folder (archived ones included). Administrators only.
 *
 * @see https://zulip.com/api/patch-channel-folders
 */
export const reorderChannelFolders = defineEndpoint({
  name: 'channelFolders.reorder',
  method: 'PATCH',
  path: '/channel_folders',
  access: 'admin',
  since: 414,
  summary: 'Reorder the channel folders (administrators only).',
  docs: 'patch-channel-folders',
  params: z.object({
    /** Folder IDs in the new order. */
    order: z.array(z.number().int()),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
});
