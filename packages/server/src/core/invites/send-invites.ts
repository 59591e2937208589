import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { InvitationRecord } from '../model/records/invites.js';
import { hasPermission } from '../model/has-permission.js';
import { isEmailAddress } from '../users/email-change.js';
import { sendInvitationEmail } from './invitation-email.js';
import {
  accessChannelsForInvite,
  accessGroupsForInvite,
  checkRoleBasedPermissions,
  checkWelcomeText,
  expiryOf,
  invitationKey,
  inviteRole,
  notifyInvitesChanged,
  requiresAdmin,
} from './invite-rules.js';

/** One address the invitations skipped: the address, why, and whether its account is deactivated. */
type Skipped = [string, string, boolean];

/** The real server's `InvitationError`: code `INVITATION_FAILED` with the addresses and what happened. */
function invitationError(msg: string, errors: Skipped[], sentInvitations: boolean): ApiError {
  return new ApiError('INVITATION_FAILED', msg, {
    extra: { errors, sent_invitations: sentInvitations, license_limit_reached: false, daily_limit_reached: false },
  });
}

/**
 * The addresses of `invitee_emails`: split at commas and newlines, `Name <address>` reduced to
 * the address, trimmed, duplicates dropped (the real server's `get_invitee_emails_set`; empty
 * entries stay, and are skipped later).
 */
function inviteeEmails(raw: string): string[] {
  const emails = new Set<string>();
  for (const part of raw.split(/[,\n]/)) {
    const named = /<(.*)>/.exec(part);
    emails.add((named ? (named[1] as string) : part).trim());
  }
  return [...emails];
}

/**
 * POST /invites, in the real server's order: `invite_as`, `can_invite_users_group`
 * (`Insufficient permission`), the role rules, at least one address, the channels and groups,
 * the Welcome Bot text (administrators only). Then each address: one that is not valid stops
 * everything (`Some emails did not validate…`); addresses of existing accounts are skipped
 * (`Already has an account.` / `Account has been deactivated.`): all of them, `We weren't able
 * to invite anyone.`; some, the others are invited and the answer is the `INVITATION_FAILED`
 * error listing the skipped ones with `sent_invitations: true`. Each invitation emails its
 * link (the outbox); administrators and the inviter get `invites_changed`.
 *
 * Runs its own transaction (`ownTransactions`): the invitations sent stay when the answer is
 * that partial failure.
 */
export async function sendInvites(
  params: OperationParams<'invites.send'>,
  ctx: UserContext<'store'>,
): Promise<Record<string, never>> {
  const skipped = await ctx.store.write((db) => {
    const tx: UserContext = { ...ctx, db };
    const invitedAs = inviteRole(params.invite_as);
    if (!hasPermission(tx, tx.user, { realm: tx.realm }, 'can_invite_users_group'))
      throw new ApiError('BAD_REQUEST', 'Insufficient permission');
    checkRoleBasedPermissions(invitedAs, tx.user, requiresAdmin(invitedAs));
    if (params.invitee_emails === '') throw new ApiError('BAD_REQUEST', 'You must specify at least one email address.');
    const emails = inviteeEmails(params.invitee_emails);
    const channels = accessChannelsForInvite(tx, params.stream_ids);
    const groups = accessGroupsForInvite(tx, params.group_ids);
    const welcomeText = checkWelcomeText(tx, params.welcome_message_custom_text);

    const invalid: Skipped[] = [];
    const existing: Skipped[] = [];
    const good: string[] = [];
    for (const email of emails) {
      if (email === '') continue;
      if (!isEmailAddress(email)) {
        invalid.push([email, 'Invalid address.', false]);
        continue;
      }
      const user = tx.indexes.usersByEmail.get(email.toLowerCase());
      if (!user) good.push(email);
      else
        existing.push(
          user.is_active ? [email, 'Already has an account.', false] : [email, 'Account has been deactivated.', true],
        );
    }
    if (invalid.length > 0)
      throw invitationError(
        "Some emails did not validate, so we didn't send any invitations.",
        [...invalid, ...existing],
        false,
      );
    if (existing.length > 0 && existing.length === emails.length)
      throw invitationError("We weren't able to invite anyone.", existing, false);

    for (const email of good) {
      const invitation: InvitationRecord = db.put('invitations', {
        id: db.nextId('invitations'),
        email,
        referred_by: tx.user.id,
        invited_as: invitedAs,
        stream_ids: channels.map((channel) => channel.id),
        group_ids: groups.map((group) => group.id),
        include_realm_default_subscriptions: params.include_realm_default_subscriptions,
        notify_referrer_on_join: params.notify_referrer_on_join,
        welcome_message_custom_text: welcomeText,
        invited_at: tx.now(),
        expires_at: expiryOf(tx, params.invite_expires_in_minutes),
        key: invitationKey(tx),
        status: 'pending',
        created_user_id: null,
      });
      sendInvitationEmail(tx, invitation);
    }
    notifyInvitesChanged(tx, tx.user.id);
    return existing;
  });
  if (skipped.length > 0) {
    throw invitationError(
      "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
      skipped,
      true,
    );
  }
  return {};
}
