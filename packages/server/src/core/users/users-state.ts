import type { StateBlock } from '../events/state-block.js';
import { avatarUrl } from '../model/avatar.js';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { hasPermission } from '../model/has-permission.js';
import { formatUser } from '../model/format-user.js';
import { systemBots, usersById } from './list-users.js';
import { profileDataOf } from './profile-data.js';
import { inaccessibleUser, seesEveryone, visibleUserIds } from '../channels/user-sight.js';

/**
 * What the current user may do, as POST /register (and the consistency of `realm_user`
 * events) report it: the channel-creation, subscription and invitation permissions.
 */
export function ownPermissions(ctx: Pick<Context, 'db' | 'realm' | 'now'>, user: UserRecord): Record<string, boolean> {
  const realm = { realm: ctx.realm };
  const permissions = {
    can_create_private_streams: hasPermission(ctx, user, realm, 'can_create_private_channel_group'),
    can_create_public_streams: hasPermission(ctx, user, realm, 'can_create_public_channel_group'),
    can_create_web_public_streams: hasPermission(ctx, user, realm, 'can_create_web_public_channel_group'),
    can_subscribe_other_users: hasPermission(ctx, user, realm, 'can_add_subscribers_group'),
    can_invite_others_to_realm: hasPermission(ctx, user, realm, 'can_invite_users_group'),
  };
  return {
    ...permissions,
    can_create_streams:
      permissions.can_create_private_streams ||
      permissions.can_create_public_streams ||
      permissions.can_create_web_public_streams,
  };
}

/**
 * The `realm_user` block of POST /register: active and deactivated accounts, the server's
 * own bots, and the current user's identity (`user_id`, `email`, role flags, avatar, what
 * they may create). The own avatar URL is always given, whatever `client_gravatar` says.
 */
export const realmUserState: StateBlock = {
  eventTypes: ['realm_user'],
  fetch(ctx, params, capabilities) {
    const options = {
      viewer: ctx.user,
      realmUrl: ctx.config.realmUrl,
      clientExtavatar: params.client_extavatar,
      profileData: (user: Parameters<typeof profileDataOf>[1]) => profileDataOf(ctx, user),
    };
    const me = ctx.user;
    // Restricted user access: a user who does not see everyone gets the users it sees, and the
    // others as "Unknown user" unless the client can take an incomplete list (the real
    // get_user_dicts_in_realm and user_list_incomplete).
    const visible = seesEveryone(ctx, me) ? null : visibleUserIds(ctx, me);
    const seen = (user: UserRecord) => visible === null || user.is_bot || visible.has(user.id);
    const incomplete = capabilities['user_list_incomplete'] === true;
    const users = usersById(ctx).filter((user) => seen(user) || !incomplete);
    const shown = (user: UserRecord) =>
      seen(user) ? formatUser(user, options) : inaccessibleUser(user.id, ctx.config.realmUrl);
    return {
      realm_users: users.filter((user) => user.is_active || !seen(user)).map(shown),
      realm_non_active_users: users.filter((user) => !user.is_active && seen(user)).map(shown),
      cross_realm_bots: systemBots(ctx).map((user) => ({ ...formatUser(user, options), is_system_bot: true })),
      avatar_source: me.avatar_source,
      avatar_url_medium: avatarUrl(me, ctx.config.realmUrl, true),
      avatar_url: avatarUrl(me, ctx.config.realmUrl),
      ...ownPermissions(ctx, me),
      is_admin: me.role <= 200,
      is_owner: me.role === 100,
      is_moderator: me.role === 300,
      is_guest: me.role === 600,
      user_id: me.id,
      email: formatUser(me, options).email,
      delivery_email: me.email,
      full_name: me.full_name,
    };
  },
};
