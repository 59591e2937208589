import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { isDirectMember } from '../model/group-membership.js';
import { emitPeerEvent } from '../channels/peer-events.js';
import { activeUserIds, emit } from '../events/emit.js';
import { botAdministratorIds } from '../model/bot-administrators.js';
import { endSessionsOf } from '../model/sessions.js';

type Ctx = Pick<Context, 'db' | 'events' | 'realm' | 'now' | 'indexes'>;

/** `subscription peer_add` / `peer_remove` for every channel `user` is subscribed to, to those who see it. */
function emitPeerChanges(ctx: Ctx, user: UserRecord, op: 'peer_add' | 'peer_remove'): void {
  const subscriptions = [...(ctx.indexes.subscriptionsByUser.get(user.id)?.values() ?? [])].sort(
    (a, b) => a.stream_id - b.stream_id,
  );
  for (const sub of subscriptions) {
    const channel = ctx.db.get('channels', sub.stream_id);
    if (channel) emitPeerEvent(ctx, channel, op, [user.id]);
  }
}

/**
 * Deactivates `user`, as the real server's `do_deactivate_user`: first the active bots the
 * user owns (a human's bots go with them), then the account itself.
 *
 * - `is_active` becomes false: the API key answers 401 `Account is deactivated` from now on,
 *   and the account drops out of group memberships and anonymous group-setting members in
 *   API output (FL 303; membership checks ignore deactivated users);
 * - its event queues are deleted once the change is durable;
 * - events: `realm_user update { is_active: false }` to everyone (FL 222) (and for a bot
 *   `realm_bot update { is_active: false }` to those who administer it), and
 *   `subscription peer_remove` for each of its channels to those who see the channel
 *   (FL 377). Subscriptions are kept, so reactivation restores them.
 *
 * @see https://zulip.com/api/deactivate-user
 */
export function deactivateAccount(
  ctx: Ctx,
  user: UserRecord,
  options: { cascade: boolean } = { cascade: true },
): UserRecord {
  if (options.cascade && !user.is_bot) {
    for (const bot of [...ctx.db.all('users')]) {
      if (bot.is_bot && bot.is_active && bot.bot_owner_id === user.id) deactivateAccount(ctx, bot, { cascade: false });
    }
  }
  const updated = ctx.db.patch('users', user.id, { is_active: false });
  // Its web sessions end, as the real server's `delete_user_sessions`: reactivation brings none back.
  endSessionsOf(ctx.db, user.id);
  emit(ctx, activeUserIds(ctx), { type: 'realm_user', op: 'update', person: { user_id: user.id, is_active: false } });
  if (user.is_bot)
    emit(ctx, botAdministratorIds(ctx, user), {
      type: 'realm_bot',
      op: 'update',
      bot: { user_id: user.id, is_active: false },
    });
  emitPeerChanges(ctx, updated, 'peer_remove');
  ctx.db.onCommit(() => ctx.events.deleteAllOf(user.id));
  return updated;
}

/**
 * Reactivates `user`: `is_active` true again (the API key works again; the account is back in
 * its groups and channels), `realm_user update { is_active: true }` to everyone and
 * `subscription peer_add` for its channels. Bots deactivated with their owner stay
 * deactivated, as on the real server.
 */
export function reactivateAccount(ctx: Ctx, user: UserRecord): UserRecord {
  const updated = ctx.db.patch('users', user.id, { is_active: true });
  const others = activeUserIds(ctx).filter((id) => id !== user.id);
  emit(ctx, others, { type: 'realm_user', op: 'update', person: { user_id: user.id, is_active: true } });
  // Member lists leave deactivated users out (FL 303): the account is back in its groups.
  const options = { realm: ctx.realm, now: ctx.now() };
  for (const group of ctx.db.all('user_groups')) {
    if (isDirectMember(updated, group, options))
      emit(ctx, others, { type: 'user_group', op: 'add_members', group_id: group.id, user_ids: [user.id] });
  }
  if (user.is_bot)
    emit(ctx, botAdministratorIds(ctx, user), {
      type: 'realm_bot',
      op: 'update',
      bot: { user_id: user.id, is_active: true },
    });
  emitPeerChanges(ctx, updated, 'peer_add');
  return updated;
}
