import { ApiError } from '@teamchat/schema';
import type { RateLimitRule } from '../config/rate-limit-rules.js';

const NO_LIMIT_RULE: RateLimitRule = [1, 9999];
const NO_LIMIT: readonly RateLimitRule[] = [NO_LIMIT_RULE];

/** The rate limit a request ran under, for the `X-RateLimit-*` headers. */
export interface RateLimitStatus {
  /** The request count of the rule with the longest window (`X-RateLimit-Limit`). */
  limit: number;
  /** Requests left in that window now (`X-RateLimit-Remaining`); 0 for a refused request. */
  remaining: number;
  /**
   * UNIX time, in seconds, when the newest request leaves that window, or when a refused
   * request would be allowed (`X-RateLimit-Reset`).
   */
  reset: number;
}

/** The requests of one key: their times, oldest first, at most the longest rule's count. */
interface History {
  times: number[];
  /** The longest window of the rules it was counted under, in ms (when to forget it). */
  windowMs: number;
}

/** How often, at most, the histories whose requests all left their window are dropped. */
const COLLECT_EVERY_MS = 1000;

/**
 * The server's rate limiter, counted as the real server's `RedisRateLimiterBackend` does: per
 * key, the times of its recent requests, as many as the count of the rule with the longest
 * window (the rules sorted by window). A request is refused when, for some rule `(seconds,
 * count)`, the count-th most recent request is less than `seconds` old; it is then not counted,
 * and the answer's `retry-after` is the time until that request leaves the window (about 60 s
 * after a burst of 200 in a minute, where a refilling bucket would say 0.3 s). A key whose
 * requests all left the longest window is forgotten.
 * The windows run on the server's monotonic clock: a wall clock set back an hour leaves no
 * window full for that hour, one set forward a day empties none early. Only `X-RateLimit-Reset`,
 * a time clients see, is turned into wall-clock time.
 */
export class RateLimiter {
  private readonly histories = new Map<string, History>();
  private lastCollect = Number.NEGATIVE_INFINITY;

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
    const sorted = sortedRules(rules);
    const now = this.now();
    const free = this.secondsToFreedom(key, sorted, now);
    const [window, limit] = longest(sorted);
    if (free !== null)
      return { status: { limit, remaining: 0, reset: this.wallSeconds(free * 1000) }, error: rateLimited(free) };
    const times = this.add(key, sorted, now);
    // The real get_api_calls_left: the requests of the last window, and when the newest leaves it.
    const inWindow = times.filter((time) => time >= now - window * 1000).length;
    return {
      status: {
        limit,
        remaining: Math.max(0, limit - inWindow),
        reset: this.wallSeconds((times.at(-1) ?? now) + window * 1000 - now),
      },
      error: null,
    };
  }

  /** Whether one more request of `key` would break `rules`, without counting it; the `retry-after` error if so. */
  peek(key: string, rules: readonly RateLimitRule[]): ApiError | null {
    const free = this.secondsToFreedom(key, sortedRules(rules), this.now());
    return free === null ? null : rateLimited(free);
  }

  /** Counts a request of `key` under `rules` even past the limit (a failure to remember). */
  record(key: string, rules: readonly RateLimitRule[]): void {
    this.add(key, sortedRules(rules), this.now());
  }

  /** Forgets `key` (a successful login clears its failed attempts). */
  clear(key: string): void {
    this.histories.delete(key);
  }

  /** The real `is_ratelimited`: seconds until the request would be allowed, or null when it is. */
  private secondsToFreedom(key: string, rules: readonly RateLimitRule[], now: number): number | null {
    const times = this.histories.get(key)?.times ?? [];
    for (const [window, count] of rules) {
      const nth = times[times.length - count];
      if (nth === undefined) continue;
      const boundary = nth + window * 1000;
      if (boundary >= now) return round((boundary - now) / 1000);
    }
    return null;
  }

  /** The real `incr_ratelimit`: adds `now`, keeping the longest rule's count of requests. */
  private add(key: string, rules: readonly RateLimitRule[], now: number): readonly number[] {
    this.collect(now);
    const [window, count] = longest(rules);
    let history = this.histories.get(key);
    if (!history) {
      history = { times: [], windowMs: window * 1000 };
      this.histories.set(key, history);
    }
    history.windowMs = Math.max(history.windowMs, window * 1000);
    history.times.push(now);
    if (history.times.length > count) history.times.splice(0, history.times.length - count);
    return history.times;
  }

  /** Drops the keys whose newest request left its longest window (the real keys' expiry). */
  private collect(now: number): void {
    if (now - this.lastCollect < COLLECT_EVERY_MS) return;
    this.lastCollect = now;
    for (const [key, history] of this.histories) {
      if ((history.times.at(-1) ?? Number.NEGATIVE_INFINITY) + history.windowMs < now) this.histories.delete(key);
    }
  }

  /** The wall-clock UNIX second `ms` from now. */
  private wallSeconds(ms: number): number {
    return Math.floor((this.wallClock() + ms) / 1000);
  }
}

/** No rules: the real server's stand-in for "no limit"; otherwise the rules by window, shortest first. */
function sortedRules(rules: readonly RateLimitRule[]): readonly RateLimitRule[] {
  return rules.length > 0 ? [...rules].sort((a, b) => a[0] - b[0]) : NO_LIMIT;
}

/** The rule with the longest window (the real `max_api_window`, `max_api_calls`). */
function longest(sorted: readonly RateLimitRule[]): RateLimitRule {
  return sorted.at(-1) ?? NO_LIMIT_RULE;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** The real server's answer to a rate-limited request. */
export function rateLimited(seconds: number, msg = 'API usage exceeded rate limit'): ApiError {
  return new ApiError('RATE_LIMIT_HIT', msg, { extra: { 'retry-after': seconds } });
}
