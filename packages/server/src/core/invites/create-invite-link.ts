import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { hasPermission } from '../model/has-permission.js';
import {
  accessChannelsForInvite,
  accessGroupsForInvite,
  checkRoleBasedPermissions,
  checkWelcomeText,
  expiryOf,
  invitationKey,
  inviteRole,
  multiuseUrl,
  notifyInvitesChanged,
  requiresAdmin,
} from './invite-rules.js';

/**
 * POST /invites/multiuse: a reusable invitation link, checked in the real server's order:
 * `invite_as`, `create_multiuse_invite_group` (`Insufficient permission`), the role rules,
 * the channels and groups, the Welcome Bot text. Administrators and the creator get
 * `invites_changed`.
 */
export function createInviteLink(
  params: OperationParams<'invites.createLink'>,
  ctx: UserContext,
): { invite_link: string } {
  const invitedAs = inviteRole(params.invite_as);
  if (!hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'create_multiuse_invite_group'))
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  checkRoleBasedPermissions(invitedAs, ctx.user, requiresAdmin(invitedAs));
  const channels = accessChannelsForInvite(ctx, params.stream_ids);
  const groups = accessGroupsForInvite(ctx, params.group_ids);
  const welcomeText = checkWelcomeText(ctx, params.welcome_message_custom_text);
  const invite = ctx.db.put('multiuse_invites', {
    id: ctx.db.nextId('multiuse_invites'),
    referred_by: ctx.user.id,
    invited_as: invitedAs,
    stream_ids: channels.map((channel) => channel.id),
    group_ids: groups.map((group) => group.id),
    include_realm_default_subscriptions: params.include_realm_default_subscriptions,
    welcome_message_custom_text: welcomeText,
    invited_at: ctx.now(),
    expires_at: expiryOf(ctx, params.invite_expires_in_minutes),
    key: invitationKey(ctx),
    status: 'active',
  });
  notifyInvitesChanged(ctx, ctx.user.id);
  return { invite_link: multiuseUrl(ctx.config.realmUrl, invite.key) };
}
