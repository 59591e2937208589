import type { UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import { usersWithMetadataAccess } from '../model/channel-access.js';
import { emitChannelCreate, emitDefaultChannels } from './channel-events.js';
import type { ChannelOptions } from './channel-options.js';
import { insertChannel } from './insert-channel.js';

/**
 * Creates one channel with the caller as creator, once every check has passed (names by
 * {@link checkChannelName} and {@link checkChannelNameAvailable}, options by
 * {@link parseChannelOptions} and {@link checkCanCreateChannel}): stores it and tells
 * everyone who can see it (`stream create`) and, for a default channel, every member
 * (`default_streams`). Subscriptions and notices are the caller's. The one creation path of
 * POST /channels/create and POST /users/me/subscriptions.
 *
 * @see https://zulip.com/api/create-channel
 */
export function addChannel(
  ctx: UserContext,
  request: { name: string; description: string },
  options: ChannelOptions,
): ChannelRecord {
  const channel = insertChannel(ctx, {
    name: request.name,
    description: request.description,
    creatorId: ctx.user.id,
    inviteOnly: options.inviteOnly,
    isWebPublic: options.isWebPublic,
    historyPublicToSubscribers: options.historyPublicToSubscribers,
    messageRetentionDays: options.messageRetentionDays,
    topicsPolicy: options.topicsPolicy,
    isDefault: options.isDefault,
    folderId: options.folderId,
    groups: options.groups,
  });
  // Subscribers who only gain access by subscribing (private channels) get theirs from addSubscriptions.
  emitChannelCreate(
    ctx,
    [channel],
    usersWithMetadataAccess(ctx, channel).map((user) => user.id),
  );
  if (channel.is_default) emitDefaultChannels(ctx);
  return channel;
}
