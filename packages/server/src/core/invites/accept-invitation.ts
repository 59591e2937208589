import { ApiError } from '@teamchat/schema';
import { addSubscriptions } from '../channels/add-subscriptions.js';
import { sendEmail } from '../emails/send-email.js';
import { notificationBot, silentMention } from '../messages/notification-bot.js';
import { postDirectMessage } from '../messages/post-message.js';
import type { Context } from '../runtime/context.js';
import { createUser } from '../model/create-user.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { InvitationRecord, MultiuseInviteRecord } from '../model/records/invites.js';
import type { UserRecord } from '../model/records/users.js';
import { emitGroupMembers } from '../user-groups/user-group-events.js';
import { announceNewUser } from '../users/add-user.js';
import { isEmailAddress } from '../users/email-change.js';
import { checkFullName } from '../users/full-name.js';
import { emitSystemGroupChanges } from '../users/role-change.js';
import { sendWelcomeMessages } from '../users/welcome-bot.js';
import { notifyInvitesChanged, unexpired } from './invite-rules.js';

/** Which link: an email invitation's (`/accounts/do_confirm/<key>`) or a reusable one's (`/join/<key>/`). */
export type InvitationKind = 'email' | 'multiuse';

/** An invitation found by its link. */
type Found = { kind: 'email'; invite: InvitationRecord } | { kind: 'multiuse'; invite: MultiuseInviteRecord };

const linkError = (): ApiError =>
  new ApiError('BAD_REQUEST', 'Whoops. The confirmation link has expired or been deactivated.');

/** The invitation of a link, if it can still be used; the real server's link error otherwise. */
function findInvitation(ctx: Pick<Context, 'db' | 'now'>, kind: InvitationKind, key: string): Found {
  if (kind === 'email') {
    const invite = [...ctx.db.all('invitations')].find((candidate) => candidate.key === key);
    if (!invite || invite.status !== 'pending' || !unexpired(ctx, invite)) throw linkError();
    return { kind, invite };
  }
  const invite = [...ctx.db.all('multiuse_invites')].find((candidate) => candidate.key === key);
  if (!invite || invite.status !== 'active' || !unexpired(ctx, invite)) throw linkError();
  return { kind, invite };
}

/** What the sign-up page of a link shows. */
export interface SignUpForm {
  organization: string;
  /** The invited address (email invitations); null: the person gives theirs (links). */
  email: string | null;
  invited_as: number;
}

/** The sign-up form of an invitation link, or the link's error. */
export function signUpForm(ctx: Pick<Context, 'db' | 'now' | 'realm'>, kind: InvitationKind, key: string): SignUpForm {
  const found = findInvitation(ctx, kind, key);
  return {
    organization: ctx.realm.name,
    email: found.kind === 'email' ? found.invite.email : null,
    invited_as: found.invite.invited_as,
  };
}

/** What a person sends from the sign-up page. */
export interface Registration {
  kind: InvitationKind;
  key: string;
  /** Their address (reusable links only; an email invitation's is the invited one). */
  email?: string | undefined;
  full_name: string;
}

/** Adds `user` to the invitation's groups (no permission check: the inviter's was made when inviting). */
function joinGroups(ctx: Context, user: UserRecord, groupIds: readonly number[]): void {
  for (const id of groupIds) {
    const group = ctx.db.get('user_groups', id);
    if (!group || group.deactivated || group.members.includes(user.id)) continue;
    ctx.db.patch('user_groups', id, { members: [...group.members, user.id].sort((a, b) => a - b) });
    emitGroupMembers(ctx, 'add_members', id, [user.id]);
  }
}

/**
 * Creates the account of an invitation (the sign-up page's form), as the real server's
 * registration does: the invited role, the organization's default settings, the
 * invitation's channels (and the default channels when it asks), its groups; the inviter's
 * Notification Bot message when they asked for it; the Welcome Bot's messages; the
 * invitation used (other pending invitations to the address revoked) with `invites_changed`;
 * and the account-registered email. `passwordHash` is null when the policy refused the
 * password (`The password is too weak.`).
 */
export function register(
  ctx: Context<'hooks' | 'jobs'>,
  registration: Registration,
  passwordHash: string | null,
): UserRecord {
  const found = findInvitation(ctx, registration.kind, registration.key);
  const terms = found.invite;
  const email = found.kind === 'email' ? found.invite.email : (registration.email ?? '').trim();
  if (!isEmailAddress(email)) throw new ApiError('BAD_REQUEST', 'Invalid address.');
  if (ctx.indexes.usersByEmail.has(email.toLowerCase())) throw new ApiError('BAD_REQUEST', 'Already has an account.');
  const fullName = checkFullName(ctx, registration.full_name, null);
  if (passwordHash === null) throw new ApiError('BAD_REQUEST', 'The password is too weak.');

  const user = createUser(ctx, { email, fullName, role: terms.invited_as, passwordHash });
  announceNewUser(ctx, user);
  emitSystemGroupChanges(ctx, null, user);
  const channels = new Map<number, ChannelRecord>();
  for (const id of terms.stream_ids) {
    const channel = ctx.db.get('channels', id);
    if (channel && !channel.is_archived) channels.set(id, channel);
  }
  if (terms.include_realm_default_subscriptions) {
    for (const channel of ctx.db.all('channels'))
      if (channel.is_default && !channel.is_archived) channels.set(channel.id, channel);
  }
  if (channels.size > 0)
    addSubscriptions(
      ctx,
      [...channels.values()].sort((a, b) => a.id - b.id),
      [user],
    );
  joinGroups(ctx, user, terms.group_ids);

  // The invitation is used; other pending invitations to the address can no longer be.
  const changed = new Set<number>();
  if (found.kind === 'email') {
    ctx.db.patch('invitations', found.invite.id, { status: 'used', created_user_id: user.id });
    changed.add(terms.referred_by);
  }
  for (const other of ctx.db.all('invitations')) {
    if (other.status !== 'pending' || other.email.toLowerCase() !== email.toLowerCase()) continue;
    ctx.db.patch('invitations', other.id, { status: 'revoked' });
    changed.add(other.referred_by);
  }
  const referrer = ctx.db.get('users', terms.referred_by);
  if (found.kind === 'email' && found.invite.notify_referrer_on_join && referrer?.is_active) {
    const bot = notificationBot(ctx);
    postDirectMessage(ctx, [referrer], {
      sender: bot,
      client: 'Internal',
      readBySender: true,
      content: `${silentMention(user)} accepted your invitation to join Zulip!`,
    });
  }
  if (changed.size > 0) notifyInvitesChanged(ctx, ...changed);
  sendWelcomeMessages(ctx, user, terms.welcome_message_custom_text);
  // The real server's welcome email, unless the organization turned `send_welcome_emails` off.
  if (ctx.realm.extra_settings?.['send_welcome_emails'] !== false) {
    sendEmail(ctx, {
      template: 'account_registered',
      to: [email],
      subject: `Welcome to ${ctx.realm.name}`,
      body: [
        `Hi ${fullName},`,
        '',
        `Your account in ${ctx.realm.name} (${ctx.config.realmUrl}) is ready. Log in with ${email} and your password.`,
        '',
        `Apps and scripts get an API key with POST ${ctx.config.realmUrl}/api/v1/fetch_api_key.`,
      ].join('\n'),
    });
  }
  return ctx.db.get('users', user.id) as UserRecord;
}
