import type { Context } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import { emit } from '../events/emit.js';
import { usersWithMetadataAccess } from '../model/channel-access.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'events' | 'realm' | 'now'>;

/**
 * `subscription peer_add` / `peer_remove`: tells everyone who can see `channel`, except the
 * users who changed, that `userIds` joined or left it. Call it after the change, so that
 * access is judged on the new state (a subscriber leaving a private channel is no peer of it).
 *
 * @see https://zulip.com/api/get-events (subscription events)
 */
export function emitPeerEvent(
  ctx: Ctx,
  channel: ChannelRecord,
  op: 'peer_add' | 'peer_remove',
  userIds: Iterable<number>,
): void {
  const changed = new Set(userIds);
  if (changed.size === 0) return;
  const peers = usersWithMetadataAccess(ctx, channel).filter((user) => !changed.has(user.id));
  emit(
    ctx,
    peers.map((user) => user.id),
    {
      type: 'subscription',
      op,
      stream_ids: [channel.id],
      user_ids: [...changed].sort((a, b) => a - b),
    },
  );
}
