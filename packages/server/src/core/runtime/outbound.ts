/** A request the server sends to another server (an outgoing webhook, the push bouncer). */
export interface OutboundRequest {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body: string;
  /** Give up waiting for an answer after this long. */
  timeoutMs: number;
}

/**
 * What came of an {@link OutboundRequest}: an answer (any status), a timeout, a failed
 * connection (refused, reset, unknown host), or another error (a URL that cannot be used).
 */
export type OutboundResult =
  | { kind: 'response'; status: number; body: string }
  | { kind: 'timeout' }
  | { kind: 'connection-error'; message: string }
  | { kind: 'error'; name: string; message: string };

/**
 * The port through which the core sends HTTP requests: node:http in the server
 * (`src/node/http-sender.ts`), fetch in the mock. The core decides what to send; the sender
 * only carries it.
 */
export type HttpSender = (request: OutboundRequest) => Promise<OutboundResult>;
