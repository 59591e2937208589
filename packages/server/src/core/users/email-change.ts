import { ApiError } from '@teamchat/schema';
import { randomAlphanumeric } from '../internal/random.js';
import type { Context } from '../runtime/context.js';
import type { EmailChangeRecord, UserRecord } from '../model/records/users.js';
import { isAdmin } from '../model/roles.js';
import { sendEmail } from '../emails/send-email.js';
import { changeDeliveryEmail } from './email-events.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Confirmation links stay valid this long (the real server: one day). */
const CONFIRMATION_VALID_MS = 24 * 3600 * 1000;

/** The confirmation link of an email change. */
export function confirmationUrl(realmUrl: string, key: string): string {
  return `${realmUrl}/accounts/confirm_new_email/${key}/`;
}

/** Whether `address` looks like an email address (`local@domain.tld`, no spaces). */
export function isEmailAddress(address: string): boolean {
  return EMAIL.test(address);
}

/** Checks that `email` is a well-formed address no other account uses. */
export function checkNewEmail(ctx: Pick<Context, 'indexes'>, email: string, userId: number): string {
  const address = email.trim();
  if (!isEmailAddress(address)) throw new ApiError('BAD_REQUEST', 'Invalid address.');
  const owner = ctx.indexes.usersByEmail.get(address.toLowerCase());
  if (owner && owner.id !== userId) throw new ApiError('BAD_REQUEST', 'Email is already in use.');
  return address;
}

/**
 * Starts an email change: records the pending change and emails its confirmation link to the
 * new address (the email outbox; the address changes only when the link is followed). A newer
 * request supersedes an older pending one.
 */
export function requestEmailChange(ctx: Context, user: UserRecord, email: string): EmailChangeRecord | null {
  // An unchanged address is no request at all, as on the real server.
  if (email.trim() === user.email) return null;
  if (ctx.realm.email_changes_disabled && !isAdmin(user)) {
    throw new ApiError('BAD_REQUEST', 'Email address changes are disabled in this organization.');
  }
  const address = checkNewEmail(ctx, email, user.id);
  for (const change of ctx.db.all('email_changes')) {
    if (change.user_id === user.id && change.status === 'pending')
      ctx.db.patch('email_changes', change.id, { status: 'superseded' });
  }
  const record = ctx.db.put('email_changes', {
    id: ctx.db.nextId('email_changes'),
    user_id: user.id,
    old_email: user.email,
    new_email: address,
    key: randomAlphanumeric(24, ctx.random).toLowerCase(),
    created_at: ctx.now(),
    status: 'pending',
  });
  sendEmail(ctx, {
    template: 'confirm_new_email',
    to: [address],
    subject: `Verify your new email address for ${ctx.realm.name}`,
    body: [
      'Hi,',
      '',
      `We received a request to change the email address for the account ${user.email} in ${ctx.realm.name} (${ctx.config.realmUrl}) to ${address}.`,
      '',
      'To confirm this change, open this link:',
      confirmationUrl(ctx.config.realmUrl, record.key),
      '',
      'The link is valid for one day. If you did not ask for this change, you can ignore this email.',
    ].join('\n'),
  });
  return record;
}

/**
 * Confirms the email change of `key`: the account's address becomes the new one, with the
 * events of {@link changeDeliveryEmail} (new `delivery_email` to those who see it, new API
 * address and avatar to everyone when they change); the old address is told by email.
 */
export function confirmEmailChange(
  ctx: Pick<Context, 'db' | 'events' | 'now' | 'indexes' | 'config' | 'log' | 'realm' | 'journal'>,
  key: string,
): UserRecord {
  const change = [...ctx.db.all('email_changes')].find((c) => c.key === key);
  if (!change || change.status !== 'pending' || ctx.now() - change.created_at > CONFIRMATION_VALID_MS) {
    throw new ApiError('BAD_REQUEST', 'Whoops. The confirmation link has expired or been deactivated.');
  }
  const user = ctx.db.get('users', change.user_id);
  if (!user || !user.is_active)
    throw new ApiError('BAD_REQUEST', 'Whoops. The confirmation link has expired or been deactivated.');
  checkNewEmail(ctx, change.new_email, user.id);
  ctx.db.patch('email_changes', change.id, { status: 'confirmed' });
  sendEmail(ctx, {
    template: 'notify_change_in_email',
    to: [change.old_email],
    subject: `Email address changed for ${ctx.realm.name}`,
    body: [
      'Hi,',
      '',
      `The email address for your account in ${ctx.realm.name} (${ctx.config.realmUrl}) was changed to ${change.new_email}.`,
      '',
      'If you did not make this change, contact the administrators of the organization.',
    ].join('\n'),
  });
  return changeDeliveryEmail(ctx, user, change.new_email);
}
