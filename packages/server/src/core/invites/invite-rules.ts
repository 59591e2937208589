import { ApiError } from '@teamchat/schema';
import { accessChannelById, canAddSubscribers } from '../model/channel-access.js';
import type { Context, UserContext } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { InvitationRecord, MultiuseInviteRecord } from '../model/records/invites.js';
import type { UserGroupRecord } from '../model/records/user-groups.js';
import type { UserRecord } from '../model/records/users.js';
import { emit } from '../events/emit.js';
import { randomAlphanumeric } from '../internal/random.js';
import { isAdmin, isOwner } from '../model/roles.js';
import { accessUserGroupForUpdate } from '../user-groups/access-user-group.js';

/** Roles an invitation may give. */
const INVITE_ROLES: readonly number[] = [100, 200, 300, 400, 600];
/** Lifetime of an invitation when none is asked for (`INVITATION_LINK_VALIDITY_DAYS`: ten days). */
export const DEFAULT_INVITATION_MINUTES = 10 * 24 * 60;

/** The role of `invite_as`, checked (`Invalid invite_as`). */
export function inviteRole(invitedAs: number): UserRecord['role'] {
  if (!INVITE_ROLES.includes(invitedAs))
    throw new ApiError('BAD_REQUEST', 'Invalid invite_as', { extra: { var_name: 'invite_as' } });
  return invitedAs as UserRecord['role'];
}

/**
 * The real server's `check_role_based_permissions`: only owners invite owners; roles above
 * member (and, with `requireAdmin`, anything) need an administrator.
 */
export function checkRoleBasedPermissions(invitedAs: number, user: UserRecord, requireAdmin: boolean): void {
  if (invitedAs === 100 && !isOwner(user))
    throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
  if (requireAdmin && !isAdmin(user)) throw new ApiError('BAD_REQUEST', 'Must be an organization administrator');
}

/** Whether inviting as `invitedAs` takes an administrator (owners, administrators, moderators). */
export const requiresAdmin = (invitedAs: number): boolean =>
  invitedAs === 100 || invitedAs === 200 || invitedAs === 300;

/**
 * The channels of an invitation: each must be one the caller can read (`Invalid channel ID N.
 * No invites were sent.`), and one they may subscribe others to unless it is a default
 * channel (`You do not have permission to subscribe other users to channels.`).
 */
export function accessChannelsForInvite(ctx: UserContext, ids: readonly number[]): ChannelRecord[] {
  const channels: ChannelRecord[] = [];
  for (const id of ids) {
    try {
      channels.push(accessChannelById(ctx, ctx.user, id));
    } catch (error) {
      if (error instanceof ApiError)
        throw new ApiError('BAD_REQUEST', `Invalid channel ID ${id}. No invites were sent.`);
      throw error;
    }
  }
  if (channels.some((channel) => !channel.is_default && !canAddSubscribers(ctx, ctx.user, channel))) {
    throw new ApiError('BAD_REQUEST', 'You do not have permission to subscribe other users to channels.');
  }
  return channels;
}

/** The user groups of an invitation: each one the caller may add members to. */
export function accessGroupsForInvite(ctx: UserContext, ids: readonly number[] | undefined): UserGroupRecord[] {
  return (ids ?? []).map((id) => accessUserGroupForUpdate(ctx, id, 'can_add_members_group'));
}

/** Only administrators set an invitation's own Welcome Bot text. */
export function checkWelcomeText(ctx: UserContext, text: string | undefined): string | null {
  if (text === undefined) return null;
  if (!isAdmin(ctx.user)) throw new ApiError('BAD_REQUEST', 'Must be an organization administrator');
  return text;
}

/** When an invitation made now expires: `minutes` from now, null for never. */
export function expiryOf(ctx: Pick<Context, 'now'>, minutes: number | null | undefined): number | null {
  if (minutes === null) return null;
  return ctx.now() + (minutes ?? DEFAULT_INVITATION_MINUTES) * 60_000;
}

/** A new secret for an invitation's link: 24 lowercase letters and digits. */
export const invitationKey = (ctx: Pick<Context, 'random'>): string => randomAlphanumeric(24, ctx.random).toLowerCase();

/** Whether an invitation can still be used (not expired on the server's clock). */
export const unexpired = (ctx: Pick<Context, 'now'>, invite: InvitationRecord | MultiuseInviteRecord): boolean =>
  invite.expires_at === null || invite.expires_at >= ctx.now();

/** The link of an email invitation, and of a reusable one. */
export const invitationUrl = (realmUrl: string, key: string): string => `${realmUrl}/accounts/do_confirm/${key}`;
export const multiuseUrl = (realmUrl: string, key: string): string => `${realmUrl}/join/${key}/`;

/**
 * `invites_changed`, to the organization's administrators (bots included) and the users whose
 * invitations changed: clients refetch GET /invites.
 */
export function notifyInvitesChanged(ctx: Pick<Context, 'db' | 'events'>, ...referrerIds: number[]): void {
  const ids = new Set<number>();
  for (const user of ctx.db.all('users')) if (user.is_active && isAdmin(user)) ids.add(user.id);
  for (const id of referrerIds) if (ctx.db.get('users', id)?.is_active) ids.add(id);
  emit(
    ctx,
    [...ids].sort((a, b) => a - b),
    { type: 'invites_changed' },
  );
}
