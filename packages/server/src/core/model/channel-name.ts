import { ApiError } from '@teamchat/schema';
import type { ModelContext } from './model-context.js';
import type { ChannelRecord } from './records/channels.js';

/** Limits the server reports in POST /register. */
export const MAX_CHANNEL_NAME_LENGTH = 60;
export const MAX_CHANNEL_DESCRIPTION_LENGTH = 1024;

// Control characters, surrogates and Unicode non-characters are not allowed in names.
const INVALID_CHARACTER = /[\p{Cc}\p{Cs}\uFDD0-\uFDEF\uFFFE\uFFFF]/u;

/** A channel name, stripped and checked with the real server's messages. */
export function checkChannelName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw new ApiError('BAD_REQUEST', "Channel name can't be empty.");
  if ([...name].length > MAX_CHANNEL_NAME_LENGTH) {
    throw new ApiError('BAD_REQUEST', `Channel name too long (limit: ${MAX_CHANNEL_NAME_LENGTH} characters).`);
  }
  const chars = [...name];
  const at = chars.findIndex((char) => INVALID_CHARACTER.test(char));
  if (at >= 0) throw new ApiError('BAD_REQUEST', `Invalid character in channel name, at position ${at + 1}.`);
  return name;
}

/** A channel description: newlines become spaces; at most 1024 characters. */
export function checkChannelDescription(raw: string): string {
  const description = raw.replace(/\r?\n/g, ' ');
  if ([...description].length > MAX_CHANNEL_DESCRIPTION_LENGTH) {
    throw new ApiError('BAD_REQUEST', `description is too long (limit: ${MAX_CHANNEL_DESCRIPTION_LENGTH} characters)`, {
      extra: { var_name: 'description' },
    });
  }
  return description;
}

/**
 * The channel named `name`, compared case-insensitively (archived channels included); access
 * is the caller's to check.
 */
export function channelByName(ctx: Pick<ModelContext, 'db' | 'indexes'>, name: string): ChannelRecord | undefined {
  const id = ctx.indexes.channelsByName.get(name.toLowerCase());
  return id === undefined ? undefined : ctx.db.get('channels', id);
}

/**
 * Refuses a name another channel of the organization has (compared case-insensitively,
 * archived channels included); `exceptId` is the channel being renamed.
 */
export function checkChannelNameAvailable(ctx: Pick<ModelContext, 'indexes'>, name: string, exceptId?: number): void {
  const holder = ctx.indexes.channelsByName.get(name.toLowerCase());
  if (holder !== undefined && holder !== exceptId) {
    // A plain JsonableError on the real server: no `var_name`.
    throw new ApiError('BAD_REQUEST', `Channel '${name}' already exists`);
  }
}
