import { ApiError } from '@teamchat/schema';
import { renderMarkdown } from '../markdown/render-markdown.js';
import { channelFolderList, emitChannelFolderEvent, formatChannelFolder } from './channel-folder-list.js';
import { checkChannelFolderName } from './check-channel-folder-name.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /channel_folders: the folders in display order, for every user; archived ones only with
 * `include_archived`.
 *
 * @see https://zulip.com/api/get-channel-folders
 */
export function listChannelFolders(params: OperationParams<'channelFolders.list'>, ctx: UserContext) {
  return {
    channel_folders: channelFolderList(ctx, params.include_archived),
  };
}

/**
 * POST /channel_folders/create: creates a folder, placed last (its `order` is its ID, as on the
 * real server), and answers its ID. Administrators only. Event `channel_folder` `add`.
 *
 * @see https://zulip.com/api/create-channel-folder
 */
export function createChannelFolder(params: OperationParams<'channelFolders.create'>, ctx: UserContext) {
  checkChannelFolderName(ctx, params.name);
  const id = ctx.db.nextId('channel_folders');
  const folder = ctx.db.put('channel_folders', {
    id,
    name: params.name,
    description: params.description,
    rendered_description: renderMarkdown(params.description).html,
    date_created: Math.floor(ctx.now() / 1000),
    creator_id: ctx.user.id,
    is_archived: false,
    order: id,
  });
  emitChannelFolderEvent(ctx, { op: 'add', channel_folder: formatChannelFolder(folder) });
  return { channel_folder_id: id };
}

/**
 * PATCH /channel_folders: sets the display order. `order` must name every folder (archived
 * ones included; `Invalid order mapping.` otherwise); each folder's `order` becomes its index.
 * Administrators only. Event `channel_folder` `reorder` with the list as sent.
 *
 * @see https://zulip.com/api/patch-channel-folders
 */
export function reorderChannelFolders(params: OperationParams<'channelFolders.reorder'>, ctx: UserContext) {
  const position = new Map<number, number>();
  params.order.forEach((id, index) => position.set(id, index));
  const folders = [...ctx.db.all('channel_folders')];
  if (folders.some((folder) => !position.has(folder.id))) throw new ApiError('BAD_REQUEST', 'Invalid order mapping.');
  for (const folder of folders)
    ctx.db.patch('channel_folders', folder.id, { order: position.get(folder.id) as number });
  emitChannelFolderEvent(ctx, { op: 'reorder', order: params.order });
  return {};
}
