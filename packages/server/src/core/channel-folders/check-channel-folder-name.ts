import { ApiError } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';

// Control characters, surrogates and unassigned code points are not printable.
const NOT_PRINTABLE = /[\p{Cc}\p{Cs}\p{Cn}]/u;

/** The real server's message for a name another unarchived folder has (ignoring case). */
export const NAME_IN_USE = 'Channel folder name already in use';

/**
 * Whether an unarchived folder other than `exceptId` is named `name`, ignoring case (the real
 * server's uniqueness constraint).
 */
export function channelFolderNameTaken(ctx: Pick<Context, 'db'>, name: string, exceptId?: number): boolean {
  const wanted = name.toLowerCase();
  for (const folder of ctx.db.all('channel_folders')) {
    if (!folder.is_archived && folder.id !== exceptId && folder.name.toLowerCase() === wanted) return true;
  }
  return false;
}

/**
 * Checks a new folder name as the real server does: not blank, printable characters only
 * (the position counted from 1), not the name of another unarchived folder in any case.
 *
 * @throws {ApiError} `Channel folder name can't be empty.`, `Invalid character in channel
 *   folder name, at position N.`, `Channel folder name already in use`
 * @see https://zulip.com/api/get-channel-folders
 */
export function checkChannelFolderName(ctx: Pick<Context, 'db'>, name: string): void {
  if (name.trim() === '') throw new ApiError('BAD_REQUEST', "Channel folder name can't be empty.");
  const at = [...name].findIndex((char) => NOT_PRINTABLE.test(char));
  if (at >= 0) throw new ApiError('BAD_REQUEST', `Invalid character in channel folder name, at position ${at + 1}.`);
  if (channelFolderNameTaken(ctx, name)) throw new ApiError('BAD_REQUEST', NAME_IN_USE);
}
