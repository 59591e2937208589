import type { UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import { isGuest } from '../model/roles.js';
import { usersWithMetadataAccess } from '../model/channel-access.js';
import { emitChannelAccessGained, emitChannelUpdate } from './channel-events.js';
import { silentMention } from '../messages/notification-bot.js';
import { policyName, postChannelEventNotice } from '../messages/channel-notices.js';

/** The three privacy settings of a channel, always changed together. */
export interface ChannelPrivacy {
  inviteOnly: boolean;
  historyPublicToSubscribers: boolean;
  isWebPublic: boolean;
}

/**
 * Applies a privacy change (already validated), as the real server's
 * `do_change_stream_permission`: members who can see a channel made public for the first time
 * get `stream create` and `subscription peer_add`; everyone else who can see it gets
 * `stream update` of `invite_only` with `history_public_to_subscribers` and `is_web_public`;
 * the Notification Bot notes the old and new policy. Sent whenever a privacy parameter is
 * given, even if nothing changed, as the real server does.
 *
 * @see https://zulip.com/api/get-events (channel `stream` events)
 */
export function changeChannelPrivacy(
  ctx: UserContext<'hooks' | 'jobs'>,
  channel: ChannelRecord,
  privacy: ChannelPrivacy,
): ChannelRecord {
  const before = new Set(usersWithMetadataAccess(ctx, channel).map((user) => user.id));
  const updated = ctx.db.patch('channels', channel.id, {
    invite_only: privacy.inviteOnly,
    history_public_to_subscribers: privacy.historyPublicToSubscribers,
    is_web_public: privacy.isWebPublic,
  });
  const after = usersWithMetadataAccess(ctx, updated);
  const newcomers = new Set<number>();
  if (channel.invite_only && !updated.invite_only) {
    for (const user of after) if (!before.has(user.id) && !isGuest(user)) newcomers.add(user.id);
    emitChannelAccessGained(ctx, [updated], newcomers);
  }
  const extra = {
    history_public_to_subscribers: updated.history_public_to_subscribers,
    is_web_public: updated.is_web_public,
  };
  emitChannelUpdate(
    ctx,
    updated,
    'invite_only',
    updated.invite_only,
    extra,
    after.map((u) => u.id).filter((id) => !newcomers.has(id)),
  );
  postChannelEventNotice(
    ctx,
    updated,
    `${silentMention(ctx.user)} changed the [access permissions](/help/channel-permissions) for this channel from **${policyName(channel)}** to **${policyName(updated)}**.`,
  );
  return updated;
}
