import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import { activeUserIds, emit } from '../events/emit.js';
import { accessChannelForUpdate, usersWithMetadataAccess } from '../model/channel-access.js';
import { channelDeleteEvent, emitDefaultChannels } from './channel-events.js';
import { postChannelEventNotice } from '../messages/channel-notices.js';
import { formatChannel } from './format-channel.js';

/**
 * Archives `channel`: it leaves the default channels and stops being the new-channel
 * announcements channel; clients with the `archived_channels` capability get `stream update`
 * of `is_archived`, the others `stream delete`; the Notification Bot notes it in the channel.
 * Subscriptions and messages stay.
 */
export function archiveChannel(ctx: UserContext<'hooks' | 'jobs'>, channel: ChannelRecord): void {
  if (channel.is_archived) throw new ApiError('BAD_REQUEST', 'Channel is already deactivated');
  const viewers = usersWithMetadataAccess(ctx, channel).map((user) => user.id);
  const wasDefault = channel.is_default;
  const archived = ctx.db.patch('channels', channel.id, { is_archived: true, is_default: false });
  if (ctx.realm.new_stream_announcements_stream_id === channel.id) {
    ctx.db.patch('realm', ctx.realm.id, { new_stream_announcements_stream_id: null });
    // The real server says "no channel" with -1 in this event.
    emit(ctx, activeUserIds(ctx), {
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { new_stream_announcements_stream_id: -1 },
    });
  }
  if (wasDefault) emitDefaultChannels(ctx);
  emit(ctx, viewers, (queue) =>
    queue.has('archived_channels')
      ? {
          type: 'stream',
          op: 'update',
          stream_id: channel.id,
          name: channel.name,
          property: 'is_archived',
          value: true,
        }
      : channelDeleteEvent([channel]),
  );
  postChannelEventNotice(ctx, archived, `Channel #**${channel.name}** has been archived.`, { readByAll: true });
}

/**
 * Unarchives `channel` (PATCH /streams/{id} with `is_archived: false`): a private channel
 * needs subscribers left; `archived_channels` clients get `stream update` of `is_archived`,
 * the others `stream create`; the Notification Bot notes it in the channel.
 */
export function unarchiveChannel(ctx: UserContext<'hooks' | 'jobs'>, channel: ChannelRecord): ChannelRecord {
  if (!channel.is_archived) throw new ApiError('BAD_REQUEST', 'Channel is not currently deactivated');
  if (channel.invite_only && (ctx.indexes.subscribersByChannel.get(channel.id)?.size ?? 0) === 0) {
    throw new ApiError('BAD_REQUEST', 'Channel is private and have no subscribers');
  }
  const restored = ctx.db.patch('channels', channel.id, { is_archived: false });
  const formatted = formatChannel(ctx, restored);
  emit(
    ctx,
    usersWithMetadataAccess(ctx, restored).map((user) => user.id),
    (queue) =>
      queue.has('archived_channels')
        ? {
            type: 'stream',
            op: 'update',
            stream_id: channel.id,
            name: channel.name,
            property: 'is_archived',
            value: false,
          }
        : { type: 'stream', op: 'create', streams: [formatted] },
  );
  postChannelEventNotice(ctx, restored, `Channel #**${channel.name}** has been unarchived.`);
  return restored;
}

/**
 * DELETE /streams/{stream_id}: archives a channel (organization administrators and the
 * channel's administrators); it keeps its name, subscribers and messages.
 *
 * @see https://zulip.com/api/archive-stream
 */
export function archiveChannelOperation(
  params: OperationParams<'channels.archive'>,
  ctx: UserContext<'hooks' | 'jobs'>,
) {
  archiveChannel(ctx, accessChannelForUpdate(ctx, ctx.user, params.stream_id));
  return {};
}
