import { ApiError } from '@teamchat/schema';
import { renderMarkdown } from '../markdown/render-markdown.js';
import { channelFolderById, emitChannelFolderEvent } from './channel-folder-list.js';
import { channelFolderNameTaken, checkChannelFolderName, NAME_IN_USE } from './check-channel-folder-name.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * PATCH /channel_folders/{channel_folder_id}: renames a folder, changes its description,
 * archives or unarchives it. Only what differs changes, each with its own `channel_folder`
 * `update` event (name; description with rendered_description; is_archived). A folder that
 * still holds channels (archived ones included) cannot be archived. Administrators only.
 *
 * @see https://zulip.com/api/update-channel-folder
 */
export function updateChannelFolder(params: OperationParams<'channelFolders.update'>, ctx: UserContext) {
  const folder = channelFolderById(ctx, params.channel_folder_id);
  const update = (data: Record<string, string | boolean>) => {
    ctx.db.patch('channel_folders', folder.id, data);
    emitChannelFolderEvent(ctx, { op: 'update', channel_folder_id: folder.id, data });
  };
  if (params.name !== undefined && params.name !== folder.name) {
    checkChannelFolderName(ctx, params.name);
    update({ name: params.name });
  }
  if (params.description !== undefined && params.description !== folder.description) {
    update({ description: params.description, rendered_description: renderMarkdown(params.description).html });
  }
  if (params.is_archived !== undefined && params.is_archived !== folder.is_archived) {
    if (params.is_archived) {
      const inUse = [...ctx.db.all('channels')].some((channel) => channel.folder_id === folder.id);
      if (inUse)
        throw new ApiError('BAD_REQUEST', 'You need to remove all the channels from this folder to archive it.');
    } else if (channelFolderNameTaken(ctx, ctx.db.get('channel_folders', folder.id)?.name ?? folder.name, folder.id)) {
      // The real server's database refuses two unarchived folders with one name; say so.
      throw new ApiError('BAD_REQUEST', NAME_IN_USE);
    }
    update({ is_archived: params.is_archived });
  }
  return {};
}
