import { ApiError } from '@teamchat/schema';
import type { RateLimitRule } from '../config/rate-limit-rules.js';

const NO_LIMIT: readonly RateLimitRule[] = [[1, 9999]];

/** The rate limit a request ran under, for the `X-RateLimit-*` headers. */
export interface RateLimitStatus {
  /** Requests allowed to a client with no recent ones (`X-RateLimit-Limit`). */
  limit: number;
  /** Requests left now (`X-RateLimit-Remaining`). */
  remaining: number;
  /** UNIX time, in seconds, when no limit applies any more (`X-RateLimit-Reset`). */
  reset: number;
}

/** The outcome of one counted request. */
interface Counted {
  limited: boolean;
  /** Seconds until the request would be allowed (limited), or until the bucket is empty again. */
  seconds: number;
  status: RateLimitStatus;
}

/**
 * The server's rate limiter: per key and rule, the time at which the key's bucket is empty
 * again (the real server's in-memory backend). Each request moves it `seconds / count` later;
 * a request that would move it more than `seconds` past now is refused. Keys whose time has
 * passed are dropped as time goes on, so memory follows the clients of the last window.
 * The windows run on the server's monotonic clock: a wall clock set back an hour leaves no
 * bucket full for that hour, one set forward a day empties none early. Only `X-RateLimit-Reset`,
 * a time clients see, is turned into wall-clock time.
 */
export class RateLimiter {
  /** rule key (`seconds:count`) → entity key → reset time in ms. */
  private readonly resets = new Map<string, Map<string, number>>();
  private readonly lastCollect = new Map<string, number>();

  constructor(
    private readonly wallClock: () => number,
    private readonly now: () => number,
  ) {}

  /**
   * Counts one request of `key` under `rules`: the status for the headers, and the
   * `RATE_LIMIT_HIT` error (with `retry-after`) when the request breaks a rule (it is then not
   * counted).
   */
  hit(key: string, rules: readonly RateLimitRule[]): { status: RateLimitStatus; error: ApiError | null } {
    const counted = this.count(key, rules, 'hit');
    return { status: counted.status, error: counted.limited ? rateLimited(counted.seconds) : null };
  }

  /** Whether one more request of `key` would break `rules`, without counting it; the `retry-after` error if so. */
  peek(key: string, rules: readonly RateLimitRule[]): ApiError | null {
    const counted = this.count(key, rules, 'peek');
    return counted.limited ? rateLimited(counted.seconds) : null;
  }

  /** Counts a request of `key` under `rules` even past the limit (a failure to remember). */
  record(key: string, rules: readonly RateLimitRule[]): void {
    this.count(key, rules, 'record');
  }

  /** Forgets `key` (a successful login clears its failed attempts). */
  clear(key: string): void {
    for (const resets of this.resets.values()) resets.delete(key);
  }

  /**
   * Checks `key` against each rule; `hit` counts the request when no rule refuses it, `record`
   * counts it under every rule it still fits, `peek` only looks.
   */
  private count(key: string, ruleList: readonly RateLimitRule[], mode: 'hit' | 'peek' | 'record'): Counted {
    // No rules: the real server's stand-in for "no limit".
    const rules = ruleList.length > 0 ? ruleList : NO_LIMIT;
    const now = this.now();
    let seconds = 0;
    const updates: [Map<string, number>, number][] = [];
    for (const [window, count] of rules) {
      const resets = this.bucket(window, count, now);
      const next = Math.max(resets.get(key) ?? now, now) + (window * 1000) / count;
      if (next > now + window * 1000) seconds = Math.max(seconds, (next - window * 1000 - now) / 1000);
      else updates.push([resets, next]);
    }
    const limited = updates.length < rules.length;
    if (mode === 'record' || (mode === 'hit' && !limited)) for (const [resets, next] of updates) resets.set(key, next);
    return { limited, seconds: round(seconds), status: this.status(key, rules, now) };
  }

  /** The status of the rule with the longest window (the real server reports that one). */
  private status(key: string, rules: readonly RateLimitRule[], now: number): RateLimitStatus {
    const [window, count] = rules.reduce((a, b) => (b[0] > a[0] ? b : a));
    const reset = this.resets.get(`${window}:${count}`)?.get(key) ?? now;
    const remaining = limitedToRange(Math.floor(((now + window * 1000 - reset) * count) / (window * 1000)), 0, count);
    return { limit: count, remaining, reset: Math.floor((this.wallClock() + Math.max(reset, now) - now) / 1000) };
  }

  private bucket(window: number, count: number, now: number): Map<string, number> {
    const rule = `${window}:${count}`;
    let resets = this.resets.get(rule);
    if (!resets) {
      resets = new Map();
      this.resets.set(rule, resets);
    }
    // Drop keys whose bucket emptied, at most once per step of the rule.
    if ((this.lastCollect.get(rule) ?? 0) <= now - (window * 1000) / count) {
      this.lastCollect.set(rule, now);
      for (const [key, reset] of resets) if (reset < now) resets.delete(key);
    }
    return resets;
  }
}

function limitedToRange(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}

/** The real server's answer to a rate-limited request. */
export function rateLimited(seconds: number, msg = 'API usage exceeded rate limit'): ApiError {
  return new ApiError('RATE_LIMIT_HIT', msg, { extra: { 'retry-after': seconds } });
}
