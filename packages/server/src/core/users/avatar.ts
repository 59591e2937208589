import { md5Hex } from '../internal/md5.js';
import type { UserRecord } from '../db.js';
import { canSeeRealEmail } from './email-visibility.js';

/** The third-party hashed avatar (Gravatar) URL of `user`. */
export function gravatarUrl(user: UserRecord): string {
  return `https://secure.gravatar.com/avatar/${md5Hex(user.email.toLowerCase())}?d=identicon&version=${user.avatar_version}`;
}

/**
 * The `avatar_url` of `user` as `viewer` gets it: null when the client computes it itself
 * (`client_extavatar` on, the user is on the hashed avatar, and the viewer may see the real
 * address the hash is made from).
 */
export function avatarUrlFor(user: UserRecord, viewer: UserRecord | null, options: { clientExtavatar: boolean; realmUrl: string }): string | null {
  if (user.avatar_source === 'G') {
    return options.clientExtavatar && canSeeRealEmail(viewer, user) ? null : gravatarUrl(user);
  }
  return `${options.realmUrl}/user_avatars/1/${user.id}.png?version=${user.avatar_version}`;
}
