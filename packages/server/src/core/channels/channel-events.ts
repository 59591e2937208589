import type { Context } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import { activeUserIds, emit } from '../events/emit.js';
import { isGuest } from '../model/roles.js';
import { activeSubscriberIds, usersWithMetadataAccess } from '../model/channel-access.js';
import { formatChannel } from './format-channel.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'events' | 'realm' | 'now'>;

/**
 * `stream update` of one property to everyone who can see the channel. `extra` carries the
 * keys some properties add (`rendered_description`; `history_public_to_subscribers` and
 * `is_web_public` with `invite_only`).
 *
 * @see https://zulip.com/api/get-events (channel `stream` events)
 */
export function emitChannelUpdate(
  ctx: Ctx,
  channel: ChannelRecord,
  property: string,
  value: unknown,
  extra: Record<string, unknown> = {},
  recipients: Iterable<number> = usersWithMetadataAccess(ctx, channel).map((user) => user.id),
): void {
  emit(ctx, recipients, {
    type: 'stream',
    op: 'update',
    stream_id: channel.id,
    name: channel.name,
    property,
    value,
    ...extra,
  });
}

/** `stream create` of `channels` to `userIds`: users who can now see them. */
export function emitChannelCreate(ctx: Ctx, channels: readonly ChannelRecord[], userIds: Iterable<number>): void {
  if (channels.length === 0) return;
  emit(ctx, userIds, { type: 'stream', op: 'create', streams: channels.map((channel) => formatChannel(ctx, channel)) });
}

/**
 * Tells `userIds`, who can now see `channels`, about them: `stream create`, then the current
 * subscribers of each as `subscription peer_add` (what the real server sends to users who gain
 * access through a role, privacy or permission change).
 */
export function emitChannelAccessGained(ctx: Ctx, channels: readonly ChannelRecord[], userIds: Iterable<number>): void {
  const recipients = [...userIds];
  if (recipients.length === 0 || channels.length === 0) return;
  emitChannelCreate(ctx, channels, recipients);
  for (const channel of channels) {
    const subscribers = activeSubscriberIds(ctx, channel.id);
    if (subscribers.length > 0)
      emit(ctx, recipients, { type: 'subscription', op: 'peer_add', stream_ids: [channel.id], user_ids: subscribers });
  }
}

/**
 * The `stream delete` event of `channels`: `stream_ids` (FL 343) and the deprecated `streams`,
 * which carries only the IDs.
 *
 * @see https://zulip.com/api/get-events (channel `stream` events)
 */
export function channelDeleteEvent(channels: readonly ChannelRecord[]): {
  type: 'stream';
  op: 'delete';
  stream_ids: number[];
  streams: { stream_id: number }[];
} {
  return {
    type: 'stream',
    op: 'delete',
    stream_ids: channels.map((c) => c.id),
    streams: channels.map((c) => ({ stream_id: c.id })),
  };
}

/** `stream delete` of `channels` to `userIds`: users who can no longer see them. */
export function emitChannelDelete(ctx: Ctx, channels: readonly ChannelRecord[], userIds: Iterable<number>): void {
  if (channels.length === 0) return;
  emit(ctx, userIds, channelDeleteEvent(channels));
}

/**
 * `default_streams`: the organization's default channels after a change, to every active
 * member (not guests), as the real server's `notify_default_streams_change` does.
 */
export function emitDefaultChannels(ctx: Ctx): void {
  const defaults = [...ctx.db.all('channels')].filter((channel) => channel.is_default && !channel.is_archived);
  const recipients = activeUserIds(ctx).filter((id) => {
    const user = ctx.db.get('users', id);
    return user !== undefined && !isGuest(user);
  });
  // IDs since feature level 330 (objects before).
  emit(ctx, recipients, {
    type: 'default_streams',
    default_streams: defaults.map((channel) => channel.id).sort((a, b) => a - b),
  });
}
