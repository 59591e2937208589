import type { UserRecord } from './users.js';

// Records of invitations: email invitations and reusable links.

/** What an invitation makes of the account created with it (email invitations and links alike). */
export interface InvitationTerms {
  /** The new account's role. */
  invited_as: UserRecord['role'];
  stream_ids: number[];
  group_ids: number[];
  include_realm_default_subscriptions: boolean;
  /** The Welcome Bot's text: null, the organization's; "", none. */
  welcome_message_custom_text: string | null;
  /** The user who made the invitation. */
  referred_by: number;
  /** Milliseconds since the epoch. */
  invited_at: number;
  /** Milliseconds since the epoch; null: never expires. */
  expires_at: number | null;
  /** Secret of the invitation's link. */
  key: string;
}

/** An email invitation (the real server's PreregistrationUser with its confirmation). */
export interface InvitationRecord extends InvitationTerms {
  id: number;
  email: string;
  notify_referrer_on_join: boolean;
  /** pending until used (an account was made) or revoked (another invitation to the address was used). */
  status: 'pending' | 'used' | 'revoked';
  /** The account made with it. */
  created_user_id: number | null;
}

/** A reusable invitation link (`/join/<key>/`). */
export interface MultiuseInviteRecord extends InvitationTerms {
  id: number;
  status: 'active' | 'revoked';
}
