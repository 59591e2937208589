import type { Context } from '../runtime/context.js';
import type { InvitationRecord } from '../model/records/invites.js';
import { sendEmail } from '../emails/send-email.js';
import { invitationUrl } from './invite-rules.js';

/** How long an invitation stays valid, in words. */
function validity(invitation: InvitationRecord): string {
  if (invitation.expires_at === null) return 'This invitation does not expire.';
  const minutes = Math.round((invitation.expires_at - invitation.invited_at) / 60_000);
  const days = minutes / 1440;
  const span = Number.isInteger(days)
    ? `${days} day${days === 1 ? '' : 's'}`
    : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `This invitation expires ${span} after it was sent.`;
}

/** The invitation email of `invitation` (the real server's `zerver/emails/invitation`), into the outbox. */
export function sendInvitationEmail(
  ctx: Pick<Context, 'db' | 'now' | 'config' | 'log' | 'realm' | 'journal'>,
  invitation: InvitationRecord,
): void {
  const referrer = ctx.db.get('users', invitation.referred_by);
  const who = referrer ? `${referrer.full_name} (${referrer.email})` : 'An administrator';
  sendEmail(ctx, {
    template: 'invitation',
    to: [invitation.email],
    subject: `${referrer?.full_name ?? 'Someone'} invited you to join ${ctx.realm.name}`,
    body: [
      'Hi,',
      '',
      `${who} has invited you to join ${ctx.realm.name}, a team chat organization at ${ctx.config.realmUrl}.`,
      '',
      'Open this link to create your account:',
      invitationUrl(ctx.config.realmUrl, invitation.key),
      '',
      validity(invitation),
    ].join('\n'),
  });
}
