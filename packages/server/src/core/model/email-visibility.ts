import type { UserRecord } from './records/users.js';

/** The host of the organization's URL, without port: the domain of dummy addresses. */
export function realmHost(realmUrl: string): string {
  return new URL(realmUrl).hostname;
}

/**
 * The domain of addresses the server makes (bots, its own `noreply@`): the organization's host
 * when it makes valid addresses (a name with a dot, no port), else `fakeEmailDomain` (the real
 * server's `get_fake_email_domain`).
 */
export function serverEmailDomain(config: { realmUrl: string; fakeEmailDomain: string }): string {
  const host = realmHost(config.realmUrl);
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host) && !/^[\d.]+$/.test(host) ? host : config.fakeEmailDomain;
}

/** The dummy API address `user{id}@{host}` of a user whose real address is hidden. */
export function dummyEmail(userId: number, realmUrl: string): string {
  return `user${userId}@${realmHost(realmUrl)}`;
}

/**
 * The user ID inside a dummy address of this organization (`user12@host` → 12,
 * case-insensitively), or null. Only the address as {@link dummyEmail} writes it counts
 * (`user012@host` does not).
 */
export function userIdOfDummyEmail(email: string, realmUrl: string): number | null {
  const host = realmHost(realmUrl).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^user([1-9]\\d*)@${host}$`, 'i').exec(email.trim());
  return match ? Number(match[1]) : null;
}

/**
 * Whether a viewer of `role` may see real addresses whose owner chose `visibility` (1 everyone,
 * 2 members, 3 administrators, 4 nobody, 5 moderators): the real server's role table.
 */
export function roleMaySeeEmail(role: UserRecord['role'], visibility: number): boolean {
  switch (visibility) {
    case 1:
      return true;
    case 2:
      return role <= 400;
    case 3:
      return role <= 200;
    case 5:
      return role <= 300;
    default:
      return false;
  }
}

/**
 * Whether `viewer` may see the real address of `target`, by the target's
 * `email_address_visibility` and the viewer's role. Users see their own; everyone sees bots';
 * anonymous viewers (spectators) see none.
 */
export function canSeeRealEmail(viewer: UserRecord | null, target: UserRecord): boolean {
  if (!viewer) return false;
  if (target.is_bot || viewer.id === target.id) return true;
  return roleMaySeeEmail(viewer.role, target.settings.email_address_visibility);
}

/**
 * The API address of `target`: the real one when its visibility is "everyone" (and for
 * bots), otherwise the dummy `user{id}@{host}`. It does not depend on the viewer; who may
 * see the real address reads it from `delivery_email`.
 */
export function apiEmail(target: UserRecord, realmUrl: string): string {
  return target.is_bot || target.settings.email_address_visibility === 1
    ? target.email
    : dummyEmail(target.id, realmUrl);
}
