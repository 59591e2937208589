/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same sequence on every
 * platform. What generated organizations and simulated traffic draw from; never for secrets.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  /**
   * An index in [0, n) with a long tail: low indexes are much likelier (a few busy topics and
   * senders, many quiet ones), as in a lived-in organization.
   */
  skewed(n: number, power = 2.5): number {
    return Math.min(n - 1, Math.floor(n * this.next() ** power));
  }

  /** Waiting time of a Poisson process of `ratePerMs` events per millisecond. */
  exponential(ratePerMs: number): number {
    return -Math.log(1 - this.next()) / ratePerMs;
  }
}
