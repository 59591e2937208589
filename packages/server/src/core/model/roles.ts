import type { UserRecord } from './records/users.js';

/** Organization owner (role 100). */
export const isOwner = (user: Pick<UserRecord, 'role'>): boolean => user.role === 100;
/** Administrator or owner. */
export const isAdmin = (user: Pick<UserRecord, 'role'>): boolean => user.role <= 200;
/** Moderator, administrator or owner. */
export const isModerator = (user: Pick<UserRecord, 'role'>): boolean => user.role <= 300;
/** Guest (role 600). */
export const isGuest = (user: Pick<UserRecord, 'role'>): boolean => user.role === 600;
