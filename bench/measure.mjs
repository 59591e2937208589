// One autocannon run: `settings.duration` seconds of closed-loop load on loopback.
import autocannon from 'autocannon';

/**
 * Sends `request` (an autocannon request: method, path, headers, body or setupRequest)
 * to `origin` for `seconds`, recording the latency of every 2xx response into
 * `histogram` (a LatencyHistogram, or null for a warm-up). Resolves with the counts.
 */
export async function measure({ origin, request, settings, seconds, histogram }) {
  const instance = autocannon({
    url: origin,
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: seconds,
    requests: [request],
  });
  if (histogram) {
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) histogram.record(ms);
    });
  }
  const result = await instance;
  return {
    requests: result.requests.total,
    ok: result['2xx'],
    seconds: result.duration,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
  };
}
