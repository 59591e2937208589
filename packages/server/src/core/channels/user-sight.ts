import type { User } from '@teamchat/schema';
import { emit } from '../events/emit.js';
import { formatUser } from '../model/format-user.js';
import { dummyEmail } from '../model/email-visibility.js';
import { activeSubscriberIds } from '../model/channel-access.js';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { systemGroupNameOf } from '../model/group-setting-value.js';
import { hasPermission, realmGroupSetting } from '../model/has-permission.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'events' | 'realm' | 'now' | 'config'>;

/** The name the real server gives a user someone cannot see (`INACCESSIBLE_USER_NAME`). */
export const INACCESSIBLE_USER_NAME = 'Unknown user';

/**
 * Whether some users see only some others: the organization's `can_access_all_users_group`
 * is not everyone (the real `all_users_accessible_by_everyone_in_realm`, negated).
 */
export function sightRestricted(ctx: Pick<Context, 'db' | 'realm'>): boolean {
  return systemGroupNameOf(ctx, realmGroupSetting(ctx, ctx.realm, 'can_access_all_users_group')) !== 'role:everyone';
}

/** Whether `user` sees every user (holds `can_access_all_users_group`; bots always do). */
export function seesEveryone(ctx: Pick<Context, 'db' | 'realm' | 'now' | 'indexes'>, user: UserRecord): boolean {
  return user.is_bot || hasPermission(ctx, user, { realm: ctx.realm }, 'can_access_all_users_group');
}

/** The active subscribers of the channels `userId` is subscribed to (the real `get_subscribers_of_target_user_subscriptions`). */
export function channelPeersOf(ctx: Pick<Context, 'db' | 'indexes'>, userId: number): Set<number> {
  const peers = new Set<number>();
  for (const channelId of ctx.indexes.subscriptionsByUser.get(userId)?.keys() ?? []) {
    for (const id of activeSubscriberIds(ctx, channelId)) peers.add(id);
  }
  return peers;
}

/** The users who share a direct-message conversation with `userId` (the real `get_users_involved_in_dms_with_target_users`). */
function dmPeersOf(ctx: Pick<Context, 'db'>, userId: number): Set<number> {
  const peers = new Set<number>();
  for (const group of ctx.db.all('direct_message_groups'))
    if (group.user_ids.includes(userId)) for (const id of group.user_ids) peers.add(id);
  return peers;
}

/** The users `user` sees when it does not see everyone: its channels' subscribers, its DM partners, itself (bots are seen by all). */
export function visibleUserIds(ctx: Pick<Context, 'db' | 'indexes'>, user: UserRecord): Set<number> {
  const visible = channelPeersOf(ctx, user.id);
  for (const id of dmPeersOf(ctx, user.id)) visible.add(id);
  visible.add(user.id);
  return visible;
}

/** A user the viewer cannot see, as the real `get_data_for_inaccessible_user` shows it. */
export function inaccessibleUser(userId: number, realmUrl: string): User {
  return {
    email: dummyEmail(userId, realmUrl),
    user_id: userId,
    avatar_version: 1,
    is_admin: false,
    is_owner: false,
    is_guest: false,
    is_bot: false,
    bot_type: null,
    role: 400,
    is_active: true,
    full_name: INACCESSIBLE_USER_NAME,
    timezone: '',
    date_joined: '1970-01-01T00:00:00+00:00',
    delivery_email: null,
    avatar_url: `${realmUrl}/static/images/unknown-user-avatar.png`,
    profile_data: {},
  };
}

function removed(userId: number) {
  return { type: 'realm_user', op: 'remove', person: { user_id: userId, full_name: INACCESSIBLE_USER_NAME } } as const;
}

/**
 * After `user` left `channelIds` in an organization where some do not see everyone: those
 * left behind who lose sight of `user` get `realm_user remove` for it, and a `user` who does
 * not see everyone gets one for each user it lost sight of (the real
 * `send_user_remove_events_on_removing_subscriptions`). Bots stay in sight.
 */
export function emitSightLost(ctx: Ctx, user: UserRecord, channelIds: readonly number[]): void {
  const leftBehind = new Set(channelIds.flatMap((id) => activeSubscriberIds(ctx, id)));
  const stillSee = visibleUserIds(ctx, user);
  const losing = [...leftBehind].filter((id) => {
    if (stillSee.has(id)) return false;
    const viewer = ctx.db.get('users', id);
    return viewer !== undefined && !seesEveryone(ctx, viewer);
  });
  if (losing.length > 0 && !user.is_bot)
    emit(
      ctx,
      losing.sort((a, b) => a - b),
      removed(user.id),
    );
  if (seesEveryone(ctx, user)) return;
  for (const id of [...leftBehind].sort((a, b) => a - b)) {
    if (!stillSee.has(id) && ctx.db.get('users', id)?.is_bot !== true) emit(ctx, [user.id], removed(id));
  }
}

/**
 * After `user` joined `channelIds`: those there who did not see `user` get `realm_user add`
 * for it, and a `user` who does not see everyone gets one for each user it now sees (the real
 * `send_user_creation_events_on_adding_subscriptions`, with the user as each viewer may see
 * it, as `announceUserTo`). `sawBefore` is what `user` saw, and
 * `peersBefore` its channels' subscribers, before it joined.
 */
export function emitSightGained(
  ctx: Ctx,
  user: UserRecord,
  channelIds: readonly number[],
  peersBefore: ReadonlySet<number>,
  sawBefore: ReadonlySet<number>,
): void {
  const announce = (target: UserRecord, viewers: number[]) => announceUserTo(ctx, target, viewers);
  const joined = new Set(channelIds.flatMap((id) => activeSubscriberIds(ctx, id)));
  const dmPeers = dmPeersOf(ctx, user.id);
  const gaining = [...joined].filter((id) => {
    if (peersBefore.has(id) || dmPeers.has(id) || id === user.id) return false;
    const viewer = ctx.db.get('users', id);
    return viewer !== undefined && !seesEveryone(ctx, viewer);
  });
  if (!user.is_bot)
    announce(
      user,
      gaining.sort((a, b) => a - b),
    );
  if (seesEveryone(ctx, user)) return;
  for (const id of [...joined].sort((a, b) => a - b)) {
    const other = ctx.db.get('users', id);
    if (other && !other.is_bot && !sawBefore.has(id)) announce(other, [user.id]);
  }
}

/**
 * `realm_user add` for `user` to `viewerIds` (the real `notify_created_user`): the user as
 * each viewer may see it (real address or not), the avatar URL always sent and `profile_data`
 * empty, as the real server sends it for a new account and for a user someone gains sight of.
 */
export function announceUserTo(
  ctx: Pick<Context, 'db' | 'events' | 'config'>,
  user: UserRecord,
  viewerIds: Iterable<number>,
): void {
  const viewers = new Map<number, UserRecord>();
  for (const id of viewerIds) {
    const viewer = ctx.db.get('users', id);
    if (viewer?.is_active) viewers.set(viewer.id, viewer);
  }
  if (viewers.size === 0) return;
  const realmUrl = ctx.config.realmUrl;
  emit(ctx, viewers.keys(), (queue) => ({
    type: 'realm_user',
    op: 'add',
    person: formatUser(user, {
      viewer: viewers.get(queue.userId) ?? null,
      realmUrl,
      clientExtavatar: false,
      profileData: () => ({}),
    }),
  }));
}
