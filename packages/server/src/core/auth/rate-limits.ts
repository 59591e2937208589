import { ApiError, type Access } from '@teamchat/schema';
import type { Context, RequestInfo } from '../runtime/context.js';
import type { Services } from '../runtime/services.js';
import type { UserRecord } from '../model/records/users.js';
import { authenticate, authenticateSession, checkAccess } from './authenticate.js';

/** The rate-limit key of the request's client address in `domain` (one shared key when the transport does not know the address). */
function addressKey(domain: 'api' | 'auth', request: RequestInfo): string {
  return `${domain}-address:${request.clientAddress ?? 'unknown'}`;
}

/**
 * Authenticates a request for an endpoint of `access` (see `authenticate`, and
 * `authenticateSession` for the web app's), counting failed
 * credentials against the client address (`authenticate_by_ip`): past that limit a failing
 * request is answered `RATE_LIMIT_HIT` instead of 401. Valid credentials are never refused by
 * it, so a misbehaving client behind the same address cannot lock others out.
 */
export function authenticateRequest(services: Services, access: Access, request: RequestInfo): UserRecord | null {
  try {
    // The caller is known (for the journal) even when its role is then refused.
    const who = access === 'public' || access === 'optional' ? access : 'user';
    const user =
      request.session === undefined
        ? authenticate(services, who, request.authorization)
        : authenticateSession(services, who, request.session);
    request.callerId = user?.id ?? null;
    if (user) checkAccess(user, access);
    return user;
  } catch (error) {
    const rules = services.config.rateLimits?.authenticate_by_ip;
    if (rules && error instanceof ApiError && error.status === 401) {
      const limited = services.rateLimiter.peek(addressKey('auth', request), rules);
      if (limited) throw limited;
      services.rateLimiter.record(addressKey('auth', request), rules);
    }
    throw error;
  }
}

/**
 * Counts an admitted request: per user (`api_by_user`), or per client address for an
 * unauthenticated one (`api_by_ip`). Records the status for the `X-RateLimit-*` headers in
 * `request.rateLimit`; throws `RATE_LIMIT_HIT` past the limit.
 */
export function limitRequest(services: Services, request: RequestInfo, user: UserRecord | null): void {
  const rules = services.config.rateLimits;
  if (!rules) return;
  const { status, error } = user
    ? services.rateLimiter.hit(`user:${user.id}`, rules.api_by_user)
    : services.rateLimiter.hit(addressKey('api', request), rules.api_by_ip);
  request.rateLimit = status;
  if (error) throw error;
}

/**
 * Before a password is checked (POST /fetch_api_key): refuses with `RATE_LIMIT_HIT` when the
 * username (`authenticate_by_username`, counted whether the account exists or not) or the
 * client address (`authenticate_by_ip`) has failed too often, and counts the attempt against
 * the username.
 */
export function admitLoginAttempt(ctx: Context<'rateLimiter'>, username: string): void {
  const rules = ctx.config.rateLimits;
  if (!rules) return;
  const byAddress = ctx.rateLimiter.peek(addressKey('auth', ctx.request), rules.authenticate_by_ip);
  if (byAddress) throw byAddress;
  const { error } = ctx.rateLimiter.hit(`username:${username}`, rules.authenticate_by_username);
  if (error) throw error;
}

/** After a password check: a success clears the username's attempts, a failure counts against the client address. */
export function recordLoginResult(ctx: Context<'rateLimiter'>, username: string, succeeded: boolean): void {
  const rules = ctx.config.rateLimits;
  if (!rules) return;
  if (succeeded) ctx.rateLimiter.clear(`username:${username}`);
  else ctx.rateLimiter.record(addressKey('auth', ctx.request), rules.authenticate_by_ip);
}
