import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { ChannelFolder } from '../../models/realm-config.js';

/**
 * GET /channel_folders: the organization's channel folders in display order; archived ones
 * only with `include_archived`. Every user, guests included.
 *
 * @see https://zulip.com/api/get-channel-folders
 */
export const listChannelFolders = defineEndpoint({
  name: 'channelFolders.list',
  method: 'GET',
  path: '/channel_folders',
  access: 'user',
  since: 389,
  summary: 'List the channel folders of the organization.',
  docs: 'get-channel-folders',
  params: z.object({ include_archived: z.boolean().default(false) }),
  response: z.looseObject({ channel_folders: z.array(ChannelFolder) }),
  errors: [],
});
