import type { StateBlock } from '../events/state-block.js';
import { avatarUrl } from '../model/avatar.js';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { hasPermission } from '../model/has-permission.js';
import { formatUser } from './format-user.js';
import { systemBots, usersById } from './list-users.js';
import { profileDataOf } from './profile-data.js';

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
    can_create_streams: permissions.can_create_private_streams || permissions.can_create_public_streams || permissions.can_create_web_public_streams,
  };
}

/**
 * The `realm_user` block of POST /register: active and deactivated accounts, the server's
 * own bots, and the current user's identity (`user_id`, `email`, role flags, avatar, what
 * they may create). The own avatar URL is always given, whatever `client_gravatar` says.
 */
export const realmUserState: StateBlock = {
  eventTypes: ['realm_user'],
  fetch(ctx, params) {
    const options = {
      viewer: ctx.user,
      realmUrl: ctx.config.realmUrl,
      clientExtavatar: params.client_extavatar,
      profileData: (user: Parameters<typeof profileDataOf>[1]) => profileDataOf(ctx, user),
    };
    const users = usersById(ctx);
    const me = ctx.user;
    return {
      realm_users: users.filter((user) => user.is_active).map((user) => formatUser(user, options)),
      realm_non_active_users: users.filter((user) => !user.is_active).map((user) => formatUser(user, options)),
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
