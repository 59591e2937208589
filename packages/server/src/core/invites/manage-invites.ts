import { ApiError, type Invite } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { InvitationRecord, MultiuseInviteRecord } from '../model/records/invites.js';
import { isAdmin } from '../model/roles.js';
import { sendInvitationEmail } from './invitation-email.js';
import { checkRoleBasedPermissions, multiuseUrl, notifyInvitesChanged, unexpired } from './invite-rules.js';

const seconds = (ms: number): number => Math.floor(ms / 1000);
const noSuchInvitation = (): ApiError => new ApiError('BAD_REQUEST', 'No such invitation');

/**
 * GET /invites: the unexpired invitations the caller may manage: every one of the
 * organization for administrators, their own for others; pending email invitations first,
 * then active links, each in ID order.
 */
export function listInvites(_params: OperationParams<'invites.list'>, ctx: UserContext): { invites: Invite[] } {
  const mine = (invite: InvitationRecord | MultiuseInviteRecord) =>
    isAdmin(ctx.user) || invite.referred_by === ctx.user.id;
  const invites: Invite[] = [];
  for (const invitation of [...ctx.db.all('invitations')].sort((a, b) => a.id - b.id)) {
    if (invitation.status !== 'pending' || !unexpired(ctx, invitation) || !mine(invitation)) continue;
    invites.push({
      email: invitation.email,
      invited_by_user_id: invitation.referred_by,
      invited: seconds(invitation.invited_at),
      expiry_date: invitation.expires_at === null ? null : seconds(invitation.expires_at),
      id: invitation.id,
      invited_as: invitation.invited_as,
      is_multiuse: false,
      notify_referrer_on_join: invitation.notify_referrer_on_join,
    });
  }
  for (const invite of [...ctx.db.all('multiuse_invites')].sort((a, b) => a.id - b.id)) {
    if (invite.status !== 'active' || !unexpired(ctx, invite) || !mine(invite)) continue;
    invites.push({
      invited_by_user_id: invite.referred_by,
      invited: seconds(invite.invited_at),
      expiry_date: invite.expires_at === null ? null : seconds(invite.expires_at),
      id: invite.id,
      link_url: multiuseUrl(ctx.config.realmUrl, invite.key),
      invited_as: invite.invited_as,
      is_multiuse: true,
    });
  }
  return { invites };
}

/**
 * The email invitation `id` if the caller may manage it: their own, or (administrators) anyone's,
 * owners alone for invitations as owner. `No such invitation` otherwise.
 */
function accessInvitation(ctx: UserContext, id: number): InvitationRecord {
  const invitation = ctx.db.get('invitations', id);
  // Used and revoked invitations are no longer anyone's to manage.
  if (!invitation || invitation.status !== 'pending') throw noSuchInvitation();
  if (invitation.referred_by !== ctx.user.id) checkRoleBasedPermissions(invitation.invited_as, ctx.user, true);
  return invitation;
}

/** DELETE /invites/{invite_id}: the invitation is revoked, its link stops working. */
export function revokeInvite(params: OperationParams<'invites.revoke'>, ctx: UserContext): Record<string, never> {
  const invitation = accessInvitation(ctx, params.invite_id);
  ctx.db.patch('invitations', invitation.id, { status: 'revoked' });
  notifyInvitesChanged(ctx, invitation.referred_by);
  return {};
}

/** POST /invites/{invite_id}/resend: the invitation email again, with the same link. */
export function resendInvite(params: OperationParams<'invites.resend'>, ctx: UserContext): Record<string, never> {
  sendInvitationEmail(ctx, accessInvitation(ctx, params.invite_id));
  return {};
}

/**
 * DELETE /invites/multiuse/{invite_id}: the link stops working (`Invitation has already been
 * revoked` the second time). Who may: as for email invitations.
 */
export function revokeInviteLink(
  params: OperationParams<'invites.revokeLink'>,
  ctx: UserContext,
): Record<string, never> {
  const invite = ctx.db.get('multiuse_invites', params.invite_id);
  if (!invite) throw noSuchInvitation();
  if (invite.referred_by !== ctx.user.id) checkRoleBasedPermissions(invite.invited_as, ctx.user, true);
  if (invite.status === 'revoked') throw new ApiError('BAD_REQUEST', 'Invitation has already been revoked');
  ctx.db.patch('multiuse_invites', invite.id, { status: 'revoked' });
  notifyInvitesChanged(ctx, invite.referred_by);
  return {};
}
