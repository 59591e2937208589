import type { UserContext } from '../runtime/context.js';
import type { UserGroupRecord } from '../model/records/user-groups.js';
import type { UserRecord } from '../model/records/users.js';
import { notificationBot, silentMention } from '../messages/notification-bot.js';
import { postDirectMessage } from '../messages/post-message.js';

/**
 * The Notification Bot's direct messages about a membership change the caller made, as the
 * real server sends them: "X added you to the group @_*G*." / "X removed you from the group
 * @_*G*.", one to each affected active human other than the caller (ascending IDs).
 *
 * @see https://zulip.com/api/update-user-group-members
 */
export function notifyMembershipChange(
  ctx: UserContext<'hooks' | 'jobs'>,
  group: UserGroupRecord,
  userIds: readonly number[],
  change: 'added' | 'removed',
): void {
  const actor = silentMention(ctx.user);
  const content =
    change === 'added'
      ? `${actor} added you to the group @_*${group.name}*.`
      : `${actor} removed you from the group @_*${group.name}*.`;
  let bot: UserRecord | undefined;
  for (const id of [...new Set(userIds)].sort((a, b) => a - b)) {
    const user = ctx.db.get('users', id);
    if (!user || user.id === ctx.user.id || user.is_bot || !user.is_active) continue;
    bot ??= notificationBot(ctx);
    postDirectMessage(ctx, [user], { sender: bot, content, client: 'Internal', readBySender: true });
  }
}
