import type { UserRecord } from '../db.js';

/** The host of the organization's URL, without port: the domain of dummy addresses. */
export function realmHost(realmUrl: string): string {
  return new URL(realmUrl).hostname;
}

/** The dummy API address `user{id}@{host}` of a user whose real address is hidden. */
export function dummyEmail(userId: number, realmUrl: string): string {
  return `user${userId}@${realmHost(realmUrl)}`;
}

/**
 * Whether `viewer` may see the real address of `target`, by the target's
 * `email_address_visibility` (1 everyone, 2 members, 3 administrators, 4 nobody,
 * 5 moderators). Users see their own; everyone sees bots'; anonymous viewers see none.
 */
export function canSeeRealEmail(viewer: UserRecord | null, target: UserRecord): boolean {
  if (target.is_bot) return true;
  if (!viewer) return false;
  if (viewer.id === target.id) return true;
  switch (target.settings.email_address_visibility) {
    case 1:
      return true;
    case 2:
      return viewer.role <= 400;
    case 3:
      return viewer.role <= 200;
    case 5:
      return viewer.role <= 300;
    default:
      return false;
  }
}

/**
 * The API address of `target`: the real one when its visibility is "everyone" (and for
 * bots), otherwise the dummy `user{id}@{host}`.
 */
export function apiEmail(target: UserRecord, realmUrl: string): string {
  return target.is_bot || target.settings.email_address_visibility === 1 ? target.email : dummyEmail(target.id, realmUrl);
}
