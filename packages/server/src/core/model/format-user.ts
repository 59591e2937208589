import type { User } from '@teamchat/schema';
import type { UserRecord } from './records/users.js';
import { isGuest } from './roles.js';
import { avatarUrlFor } from './avatar.js';
import { apiEmail, canSeeRealEmail } from './email-visibility.js';

/** How a user list is asked for. */
export interface FormatUserOptions {
  viewer: UserRecord | null;
  realmUrl: string;
  clientExtavatar: boolean;
  /** Profile data with rendered values, or null when not requested. */
  profileData?: ((user: UserRecord) => Record<string, { value: string; rendered_value?: string }>) | null;
}

/** Formatted join dates: the same few per organization, formatted on every user list otherwise. */
const isoTimes = new Map<number, string>();

/** `2019-10-20T07:50:53.729000+00:00`: ISO 8601 with microseconds, as the real server writes it. */
export function isoWithMicroseconds(ms: number): string {
  let text = isoTimes.get(ms);
  if (text === undefined) {
    const iso = new Date(ms).toISOString();
    text = `${iso.slice(0, 19)}.${iso.slice(20, 23)}000+00:00`;
    if (isoTimes.size >= 10_000) isoTimes.clear();
    isoTimes.set(ms, text);
  }
  return text;
}

/** The User object of `user` as `options.viewer` sees it. */
export function formatUser(user: UserRecord, options: FormatUserOptions): User {
  const formatted: User = {
    user_id: user.id,
    email: apiEmail(user, options.realmUrl),
    delivery_email: canSeeRealEmail(options.viewer, user) ? user.email : null,
    full_name: user.full_name,
    avatar_url: avatarUrlFor(user, options.viewer, options),
    avatar_version: user.avatar_version,
    date_joined: isoWithMicroseconds(user.date_joined),
    timezone: user.settings.timezone,
    role: user.role,
    is_active: user.is_active,
    is_admin: user.role <= 200,
    is_owner: user.role === 100,
    is_guest: isGuest(user),
    is_bot: user.is_bot,
    bot_type: user.bot_type,
  };
  if (user.is_bot) formatted.bot_owner_id = user.bot_owner_id;
  if (options.profileData && !user.is_bot) formatted.profile_data = options.profileData(user);
  return formatted;
}
