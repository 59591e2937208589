import type { ChannelGroupSetting, GroupSettingValue } from '@teamchat/schema';
import type { UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import { formatGroupSettingValue } from '../model/group-setting-value.js';
import { usersWithMetadataAccess } from '../model/channel-access.js';
import { emitChannelAccessGained, emitChannelDelete, emitChannelUpdate } from './channel-events.js';
import { silentMention } from '../messages/notification-bot.js';
import { postChannelEventNotice } from '../messages/channel-notices.js';
import { postPolicy } from './format-channel.js';

/** Settings whose members can see the channel (metadata access). */
const GRANTING_METADATA_ACCESS: readonly ChannelGroupSetting[] = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_subscribe_group',
];

/** Who holds a permission, as the Notification Bot names them: groups, then users. */
function describeHolders(ctx: UserContext, value: GroupSettingValue): string {
  const groupMention = (id: number) => `@_*${ctx.db.get('user_groups', id)?.name ?? id}*`;
  if (typeof value === 'number') return groupMention(value);
  const groups = [...value.direct_subgroups].sort((a, b) => a - b).map(groupMention);
  const users = [...value.direct_members]
    .sort((a, b) => a - b)
    .flatMap((id) => {
      const user = ctx.db.get('users', id);
      return user ? [silentMention(user)] : [];
    });
  return [...groups, ...users].join(', ');
}

/**
 * Sets a channel permission (already validated and different from the current value), as
 * the real server's `do_change_stream_group_based_setting`: `stream update` to those who can
 * see the channel; for the settings granting metadata access, `stream create` and
 * `peer_add` to those who gain it and `stream delete` to those who lose it; for
 * `can_send_message_group`, the derived `stream_post_policy` / `is_announcement_only` updates
 * and a Notification Bot notice.
 */
export function changeChannelGroupSetting(
  ctx: UserContext<'hooks' | 'jobs'>,
  channel: ChannelRecord,
  setting: ChannelGroupSetting,
  next: GroupSettingValue,
): ChannelRecord {
  const grants = GRANTING_METADATA_ACCESS.includes(setting);
  const before = new Set(usersWithMetadataAccess(ctx, channel).map((user) => user.id));
  const oldValue = formatGroupSettingValue(ctx, channel.groups[setting]);
  const oldPolicy = postPolicy(ctx, channel);
  const updated = ctx.db.patch('channels', channel.id, { groups: { ...channel.groups, [setting]: next } });
  const newValue = formatGroupSettingValue(ctx, next);
  const after = new Set(usersWithMetadataAccess(ctx, updated).map((user) => user.id));
  const gaining = grants ? [...after].filter((id) => !before.has(id)) : [];
  const losing = grants ? [...before].filter((id) => !after.has(id)) : [];
  emitChannelUpdate(
    ctx,
    updated,
    setting,
    newValue,
    {},
    [...after].filter((id) => !gaining.includes(id)),
  );
  emitChannelAccessGained(ctx, [updated], gaining);
  emitChannelDelete(ctx, [updated], losing);
  if (setting === 'can_send_message_group') {
    const policy = postPolicy(ctx, updated);
    if (policy !== oldPolicy) {
      emitChannelUpdate(ctx, updated, 'stream_post_policy', policy, {}, after);
      emitChannelUpdate(ctx, updated, 'is_announcement_only', policy === 2, {}, after);
    }
    postChannelEventNotice(
      ctx,
      updated,
      `${silentMention(ctx.user)} changed the [posting permissions](/help/channel-posting-policy) for this channel:\n\n* **Old**: ${describeHolders(ctx, oldValue)}\n* **New**: ${describeHolders(ctx, newValue)}\n`,
    );
  }
  return updated;
}
