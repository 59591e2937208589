import { ApiError, type Access } from '@teamchat/schema';
import type { RequestSession } from '../runtime/context.js';
import type { Services } from '../runtime/services.js';
import type { UserRecord } from '../model/records/users.js';
import { isAdmin, isGuest, isOwner } from '../model/roles.js';
import { constantTimeEqual } from '../internal/constant-time.js';

const API_KEY = /^[A-Za-z0-9]{32}$/;
/** Compared against when the email is unknown; no key matches it (keys are alphanumeric). */
const UNKNOWN_KEY = '-'.repeat(32);

/** The message of a request without credentials, as the real server words it. */
export const NOT_LOGGED_IN = 'Not logged in: API authentication or user session required';

function unauthorized(msg: string): ApiError {
  return new ApiError('UNAUTHORIZED', msg);
}

/**
 * The answer of a deactivated organization (the real `RealmDeactivatedError`, HTTP 401):
 * `REALM_DEACTIVATED` where the real server raises it as it is (POST /fetch_api_key,
 * /dev_fetch_api_key), `UNAUTHORIZED` with the same words on the Basic-auth path, which
 * re-raises every validation error as an `UnauthorizedError` (`authenticated_rest_api_view`).
 */
export function organizationDeactivated(code: 'REALM_DEACTIVATED' | 'UNAUTHORIZED'): ApiError {
  return new ApiError(code, 'This organization has been deactivated');
}

/** Whether the operator deactivated the organization (`teamchat-server deactivate-organization`). */
function organizationIsDeactivated(services: Services): boolean {
  return services.store.get('realm', 1)?.deactivated === true;
}

/** Splits `Basic base64(email:key)`; the errors of the real server's Basic-auth path. */
function parseBasic(header: string): { email: string; apiKey: string } {
  const space = header.indexOf(' ');
  const scheme = space < 0 ? header : header.slice(0, space);
  if (scheme.toLowerCase() !== 'basic') {
    throw new ApiError('BAD_REQUEST', 'This endpoint requires HTTP basic authentication.');
  }
  let decoded: string;
  try {
    decoded = new TextDecoder().decode(Uint8Array.from(atob(header.slice(space + 1).trim()), (c) => c.charCodeAt(0)));
  } catch {
    throw unauthorized('Invalid authorization header for basic auth');
  }
  const colon = decoded.indexOf(':');
  if (space < 0 || colon < 0) throw unauthorized('Invalid authorization header for basic auth');
  return { email: decoded.slice(0, colon).trim(), apiKey: decoded.slice(colon + 1).trim() };
}

/** The account of `email:apiKey`, or the real server's 401 for it. */
export function userForApiKey(services: Services, email: string, apiKey: string): UserRecord {
  if (!API_KEY.test(apiKey)) throw unauthorized('Malformed API key');
  const user = services.indexes.usersByEmail.get(email.toLowerCase());
  // Compared in constant time; an unknown email costs the same comparison.
  if (!constantTimeEqual(user?.api_key ?? UNKNOWN_KEY, apiKey) || !user) throw unauthorized('Invalid API key');
  // The real validate_account_and_subdomain: the organization first, then the account.
  if (organizationIsDeactivated(services)) throw organizationDeactivated('UNAUTHORIZED');
  if (!user.is_active) throw unauthorized('Account is deactivated');
  return user;
}

/** A verified `Authorization` header: the account as it was then, the address and key it carried. */
interface Verified {
  user: UserRecord;
  email: string;
  apiKey: string;
}

/** Headers verified lately, per core: most clients send the same one with every request. */
const verifiedHeaders = new WeakMap<Services, Map<string, Verified>>();
const MAX_VERIFIED = 1024;

/**
 * The account of a header verified before, if the header still verifies: the account's current
 * record (records are replaced on every change) is the one its address finds, still active,
 * with the same key, compared again in constant time — so a client changing its own settings
 * is not parsed and looked up anew on every request.
 */
function verifiedUser(services: Services, authorization: string): UserRecord | null {
  const verified = verifiedHeaders.get(services)?.get(authorization);
  if (!verified) return null;
  const current = services.store.get('users', verified.user.id);
  if (
    current?.is_active &&
    services.indexes.usersByEmail.get(verified.email.toLowerCase()) === current &&
    constantTimeEqual(current.api_key, verified.apiKey)
  ) {
    verified.user = current;
    return current;
  }
  verifiedHeaders.get(services)?.delete(authorization);
  return null;
}

function remember(services: Services, authorization: string, user: UserRecord, email: string, apiKey: string): void {
  let verified = verifiedHeaders.get(services);
  if (!verified) {
    verified = new Map();
    verifiedHeaders.set(services, verified);
  }
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(authorization, { user, email, apiKey });
}

/**
 * Authenticates a request for an endpoint of `access`, and checks the caller's role. A header
 * verified earlier is looked up instead of parsed again (see {@link verifiedUser}).
 *
 * @returns the caller, or null for `public` endpoints and anonymous `optional` calls.
 * @throws {ApiError} `UNAUTHORIZED` (401) for missing or wrong credentials, `BAD_REQUEST` for
 *   bots and guests where they are not allowed, `UNAUTHORIZED_PRINCIPAL` for missing roles.
 */
export function authenticate(services: Services, access: Access, authorization: string | null): UserRecord | null {
  if (access === 'public') return null;
  if (!authorization) {
    if (access === 'optional') return null;
    throw unauthorized(NOT_LOGGED_IN);
  }
  let user = verifiedUser(services, authorization);
  if (user && organizationIsDeactivated(services)) throw organizationDeactivated('UNAUTHORIZED');
  if (!user) {
    const { email, apiKey } = parseBasic(authorization);
    user = userForApiKey(services, email, apiKey);
    remember(services, authorization, user, email, apiKey);
  }
  if (user.bot_type === 2) throw unauthorized('This API is not available to incoming webhook bots.');
  checkAccess(user, access);
  return user;
}

/**
 * Authenticates a web-app request (`/json/…`) by its session, as the real server's
 * `authenticated_json_view`: without one, public endpoints answer and `optional` ones answer
 * anonymously (`public_json_view`); anything else is the 401 of a missing login. A session of
 * an account deactivated since is no session.
 */
export function authenticateSession(
  services: Services,
  access: Access,
  session: RequestSession | null,
): UserRecord | null {
  if (access === 'public') return null;
  const user = session ? services.store.get('users', session.userId) : undefined;
  if (!user?.is_active) {
    if (access === 'optional') return null;
    throw unauthorized(NOT_LOGGED_IN);
  }
  checkAccess(user, access);
  return user;
}

/** Checks that `user` may call an endpoint of `access`. */
export function checkAccess(user: UserRecord, access: Access): void {
  switch (access) {
    case 'public':
    case 'optional':
    case 'user':
      return;
    case 'human':
      if (user.is_bot) throw new ApiError('BAD_REQUEST', 'This endpoint does not accept bot requests.');
      return;
    case 'member':
      if (isGuest(user)) throw new ApiError('BAD_REQUEST', 'Not allowed for guest users');
      return;
    case 'human-member':
      if (isGuest(user)) throw new ApiError('BAD_REQUEST', 'Not allowed for guest users');
      if (user.is_bot) throw new ApiError('BAD_REQUEST', 'This endpoint does not accept bot requests.');
      return;
    case 'admin':
      if (!isAdmin(user)) throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
      return;
    case 'owner':
      if (!isOwner(user)) throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
      return;
  }
}
