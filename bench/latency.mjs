// A latency histogram with 1 µs buckets. autocannon's own histogram keeps whole
// milliseconds, which reads 0 or 1 ms for most requests on loopback and makes latency
// ratios meaningless; this one is exact to the microsecond up to one second.

const BUCKETS = 1_000_000; // 1 µs each: 0 µs .. 999,999 µs

export class LatencyHistogram {
  counts = new Uint32Array(BUCKETS);
  slow = []; // microseconds, for the (rare) responses slower than one second
  count = 0;
  sum = 0;

  /** Records one response time given in milliseconds (as autocannon reports it). */
  record(ms) {
    const us = Math.round(ms * 1000);
    if (us < BUCKETS) this.counts[us] += 1;
    else this.slow.push(us);
    this.count += 1;
    this.sum += us;
  }

  /** The latency in milliseconds below which `p` percent of the responses fall. */
  percentile(p) {
    if (this.count === 0) return null;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (let us = 0; us < BUCKETS; us++) {
      seen += this.counts[us];
      if (seen >= rank) return us / 1000;
    }
    const slow = [...this.slow].sort((a, b) => a - b);
    return slow[rank - seen - 1] / 1000;
  }

  mean() {
    return this.count === 0 ? null : this.sum / this.count / 1000;
  }
}
