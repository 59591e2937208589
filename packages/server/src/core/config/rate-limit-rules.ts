/** One rule: at most `count` requests per `seconds` (the real server's `(seconds, count)` pairs). */
export type RateLimitRule = readonly [seconds: number, count: number];

/**
 * The rate limits of a server, by domain, as the real server's `RATE_LIMITING_RULES`. A request
 * breaking any rule of its domain is refused with `RATE_LIMIT_HIT` (HTTP 429).
 */
export interface RateLimitRules {
  /** Every authenticated request (REST and tRPC), per user. Real server: 200 per minute. */
  readonly api_by_user: readonly RateLimitRule[];
  /** Every unauthenticated request (public endpoints, anonymous reads), per client address. Real server: 100 per minute. */
  readonly api_by_ip: readonly RateLimitRule[];
  /**
   * POST /fetch_api_key attempts, per username (whether the account exists or not); a
   * successful login clears them. Real server: 5 per 30 minutes.
   */
  readonly authenticate_by_username: readonly RateLimitRule[];
  /**
   * Failed authentications (POST /fetch_api_key, and Basic auth with a wrong, malformed or
   * deactivated account's key), per client address. Past it, POST /fetch_api_key is refused
   * before the password is checked, and failing Basic auth answers 429 instead of 401.
   */
  readonly authenticate_by_ip: readonly RateLimitRule[];
}

/** The default rules: the real server's, plus `authenticate_by_ip` (30 failures per minute). */
export const defaultRateLimits: RateLimitRules = {
  api_by_user: [[60, 200]],
  api_by_ip: [[60, 100]],
  authenticate_by_username: [[1800, 5]],
  authenticate_by_ip: [[60, 30]],
};
