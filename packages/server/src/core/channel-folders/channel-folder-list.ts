import { ApiError, type ChannelFolder } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { ChannelFolderRecord } from '../model/records/channels.js';
import { activeUserIds, emit } from '../events/emit.js';
import type { StateBlock } from '../events/state-block.js';

/** A folder as the API shows it. */
export function formatChannelFolder(record: ChannelFolderRecord): ChannelFolder {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    rendered_description: record.rendered_description,
    date_created: record.date_created,
    creator_id: record.creator_id,
    is_archived: record.is_archived,
    order: record.order,
  };
}

/** The organization's folders in display order (`order`, then ID), archived ones when asked. */
export function channelFolderList(ctx: Pick<Context, 'db'>, includeArchived: boolean): ChannelFolder[] {
  return [...ctx.db.all('channel_folders')]
    .filter((folder) => includeArchived || !folder.is_archived)
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map(formatChannelFolder);
}

/** The folder `id`, or `BAD_REQUEST` `Invalid channel folder ID`. */
export function channelFolderById(ctx: Pick<Context, 'db'>, id: number): ChannelFolderRecord {
  const folder = ctx.db.get('channel_folders', id);
  if (!folder) throw new ApiError('BAD_REQUEST', 'Invalid channel folder ID');
  return folder;
}

/**
 * Sends a `channel_folder` event (`add`, `update` or `reorder`) to every active user.
 *
 * @see https://zulip.com/api/get-channel-folders
 */
export function emitChannelFolderEvent(
  ctx: Pick<Context, 'db' | 'events'>,
  event: Record<string, unknown> & { op: string },
): void {
  emit(ctx, activeUserIds(ctx), { type: 'channel_folder', ...event });
}

/** The `channel_folders` block of POST /register: every folder, archived ones included. */
export const channelFoldersState: StateBlock = {
  eventTypes: ['channel_folder'],
  fetch(ctx) {
    return { channel_folders: channelFolderList(ctx, true) };
  },
};
