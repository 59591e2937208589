import type { HttpSender, PushBouncer } from '@teamchat/server';

/**
 * The mock's outbound sender: `fetch`, so outgoing-webhook requests go through MSW like any
 * other request of the test (answer them with `http.post('https://bot.example/hook', …)`, or
 * let them through to a real integration server with `passthrough()`). Network errors are
 * failed connections; `timeoutMs` is enforced with an abort signal.
 */
export const fetchSender: HttpSender = async (outbound) => {
  try {
    const response = await fetch(outbound.url, {
      method: outbound.method,
      headers: outbound.headers,
      body: outbound.body,
      signal: AbortSignal.timeout(outbound.timeoutMs),
    });
    return { kind: 'response', status: response.status, body: await response.text() };
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      return { kind: 'timeout' };
    if (error instanceof TypeError && /url|invalid/i.test(error.message) && !/fetch failed/i.test(error.message)) {
      return { kind: 'error', name: 'InvalidURL', message: error.message };
    }
    return { kind: 'connection-error', message: error instanceof Error ? error.message : String(error) };
  }
};

/** The push bouncer's URL in the mock (served in memory, never on the network). */
export const MOCK_BOUNCER_URL = 'http://push-bouncer.teamchat.test';

/**
 * Sends requests for {@link MOCK_BOUNCER_URL} to the in-memory bouncer (a failed connection
 * while `link.down`), everything else through `next`.
 */
export function bouncerSender(bouncer: PushBouncer, link: { down: boolean }, next: HttpSender): HttpSender {
  return async (outbound) => {
    if (!outbound.url.startsWith(`${MOCK_BOUNCER_URL}/`)) return next(outbound);
    if (link.down) return { kind: 'connection-error', message: 'ECONNREFUSED: the mock push bouncer is down' };
    const response = await bouncer.handle(
      new Request(outbound.url, { method: outbound.method, headers: outbound.headers, body: outbound.body }),
    );
    return { kind: 'response', status: response.status, body: await response.text() };
  };
}
