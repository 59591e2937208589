import { md5Hex } from '../internal/md5.js';
import type { UserRecord } from './records/users.js';
import { canSeeRealEmail } from './email-visibility.js';

/** Size of medium avatars, in pixels. */
const MEDIUM_SIZE = 500;

/** Hashes of recent emails: every message and user list formats its senders' avatars again. */
const emailHashes = new Map<string, string>();
const EMAIL_HASHES_KEPT = 4096;

/** The Gravatar hash of `email` (MD5 of its lowercase form), remembered for the most recent emails. */
function emailHash(email: string): string {
  let hash = emailHashes.get(email);
  if (hash === undefined) {
    hash = md5Hex(email.toLowerCase());
    if (emailHashes.size >= EMAIL_HASHES_KEPT) emailHashes.clear();
    emailHashes.set(email, hash);
  }
  return hash;
}

/** The third-party hashed avatar (Gravatar) URL of `user`; `medium` asks for the large size. */
export function gravatarUrl(user: UserRecord, medium = false): string {
  const size = medium ? `&s=${MEDIUM_SIZE}` : '';
  return `https://secure.gravatar.com/avatar/${emailHash(user.email)}?d=identicon${size}&version=${user.avatar_version}`;
}

/** The avatar URL of `user` whatever the viewer: hashed or uploaded, normal or medium size. */
export function avatarUrl(user: UserRecord, realmUrl: string, medium = false): string {
  if (user.avatar_source === 'G') return gravatarUrl(user, medium);
  return `${realmUrl}/user_avatars/1/${user.id}${medium ? '-medium' : ''}.png?version=${user.avatar_version}`;
}

/**
 * The `avatar_url` of `user` as `viewer` gets it: null when the client computes it itself
 * (`client_extavatar` on, the user is on the hashed avatar, and the viewer may see the real
 * address the hash is made from).
 */
export function avatarUrlFor(
  user: UserRecord,
  viewer: UserRecord | null,
  options: { clientExtavatar: boolean; realmUrl: string },
): string | null {
  if (user.avatar_source === 'G' && options.clientExtavatar && canSeeRealEmail(viewer, user)) return null;
  return avatarUrl(user, options.realmUrl);
}

/** The person of the `realm_user update` that announces a new avatar URL of `user`. */
export function avatarChangePerson(user: UserRecord, realmUrl: string): Record<string, unknown> {
  return {
    avatar_source: user.avatar_source,
    avatar_url: avatarUrl(user, realmUrl),
    avatar_url_medium: avatarUrl(user, realmUrl, true),
    avatar_version: user.avatar_version,
    user_id: user.id,
  };
}
