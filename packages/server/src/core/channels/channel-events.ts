import type { Context } from '../context.js';
import type { ChannelRecord } from '../db.js';
import { activeUserIds, emit } from '../events/emit.js';
import { isGuest } from '../permissions/roles.js';
import { usersWithMetadataAccess } from './channel-access.js';
import { formatChannel } from './format-channel.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'events' | 'realm' | 'now'>;

/**
 * `stream update` of one property to everyone who can see the channel. `extra` carries the
 * keys some properties add (`rendered_description`; `history_public_to_subscribers` and
 * `is_web_public` with `invite_only`).
 *
 * @see shared/reference/messages-and-events.md "Channel (`stream`) events"
 */
export function emitChannelUpdate(
  ctx: Ctx,
  channel: ChannelRecord,
  property: string,
  value: unknown,
  extra: Record<string, unknown> = {},
  recipients: Iterable<number> = usersWithMetadataAccess(ctx, channel).map((user) => user.id),
): void {
  emit(ctx, recipients, { type: 'stream', op: 'update', stream_id: channel.id, name: channel.name, property, value, ...extra });
}

/** `stream create` of `channel` to `userIds`. */
export function emitChannelCreate(ctx: Ctx, channel: ChannelRecord, userIds: Iterable<number>): void {
  emit(ctx, userIds, { type: 'stream', op: 'create', streams: [formatChannel(ctx, channel)] });
}

/** `stream delete` of `channel` to `userIds`. */
export function emitChannelDelete(ctx: Ctx, channel: ChannelRecord, userIds: Iterable<number>): void {
  emit(ctx, userIds, { type: 'stream', op: 'delete', stream_ids: [channel.id], streams: [{ stream_id: channel.id }] });
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
  emit(ctx, recipients, { type: 'default_streams', default_streams: defaults.map((channel) => formatChannel(ctx, channel)) });
}
