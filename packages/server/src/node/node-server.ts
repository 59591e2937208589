import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '../core/index.js';
import type { FetchHandler } from '../rest/rest-handler.js';
import { bodyStream } from './body-stream.js';

/** Options of {@link listen}. */
export interface ListenOptions {
  /** The handler; it alone limits request bodies (see `createRestHandler`). */
  handler: FetchHandler;
  port?: number;
  host?: string;
  log?: Logger;
  /** Log one line per request (method, path, status, milliseconds; never credentials). */
  logRequests?: boolean;
  /** Connection timeouts for a server facing the internet (defaults: {@link defaultTimeouts}). */
  timeouts?: Partial<ServerTimeouts>;
}

/**
 * How long the server waits on a client, in milliseconds. Slow or idle clients are answered
 * 408 (or simply disconnected) within these bounds, checked every second; a long poll
 * (GET /events) is a wait for the server, not for the client, and is not cut by them.
 */
export interface ServerTimeouts {
  /** From connection (or the previous response) to the request's complete headers. */
  headersTimeoutMs: number;
  /** To receive a whole request, body included: bounds a slow upload. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open after a response. */
  keepAliveTimeoutMs: number;
}

/** Defaults of {@link ServerTimeouts}: a client sending nothing is disconnected within about 11 s, an idle keep-alive one after 15 s. */
export const defaultTimeouts: ServerTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 15_000,
};

/** How often Node checks connections against the header and request timeouts. */
const TIMEOUT_CHECK_MS = 1000;

/** A listening server. */
export interface RunningServer {
  server: Server;
  /** `http://host:port` */
  url: string;
  port: number;
  close(): Promise<void>;
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  return headers;
}

/**
 * Writes `response`: a body of known length (files) is streamed chunk by chunk, never
 * gathered; others (small JSON envelopes) are gathered to send their length.
 */
async function writeResponse(res: ServerResponse, response: Response, closeAfter: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  if (closeAfter) headers['connection'] = 'close';
  if (!response.body) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  if (response.headers.has('content-length')) {
    res.writeHead(response.status, headers);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (res.destroyed) break;
      // A client that stops reading (or goes away) must not leave this loop waiting forever.
      if (!res.write(chunk)) await new Promise<void>((resume) => (res.once('drain', resume), res.once('close', resume)));
    }
    res.end();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * Answers what Node's HTTP parser refuses before any handler runs (headers or URL over 16 KiB,
 * malformed requests, slow headers) with an error envelope, as every other answer.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, msg] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Request line and headers too large (limit: 16 KiB)']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'Request timed out']
        : [400, 'Bad Request', 'Malformed HTTP request'];
  const body = JSON.stringify({ result: 'error', msg, code: 'BAD_REQUEST' });
  socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

/**
 * Serves a fetch-style handler on node:http. The request body is streamed to the handler,
 * which alone limits its size; a body it gives up on is not drained (the connection closes
 * after the answer). A request whose client goes away aborts its `signal` (ending a long poll).
 */
export function listen(options: ListenOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  const server = createServer({ connectionsCheckingInterval: TIMEOUT_CHECK_MS, headersTimeout: timeouts.headersTimeoutMs, requestTimeout: timeouts.requestTimeoutMs }, async (req, res) => {
    const started = performance.now();
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    let status = 500;
    try {
      const method = req.method ?? 'GET';
      const url = `http://${req.headers.host ?? host}${req.url ?? '/'}`;
      const state = { abandoned: false };
      const body = method === 'GET' || method === 'HEAD' ? null : bodyStream(req, state);
      const request = new Request(url, { method, headers: toHeaders(req), body, signal: controller.signal, ...(body ? { duplex: 'half' } : {}) } as RequestInit);
      const response = await options.handler(request, { clientAddress: req.socket.remoteAddress });
      if (response.type === 'error') {
        // `Response.error()` is a network error (the mock's network_error fault): the client
        // gets no answer at all, its connection is dropped.
        status = 0;
        res.destroy();
        return;
      }
      status = response.status;
      await writeResponse(res, response, state.abandoned);
    } catch (error) {
      options.log?.error('unexpected error in the HTTP adapter', { error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ result: 'error', msg: 'Internal server error' }));
      } else {
        res.destroy();
      }
    } finally {
      if (options.logRequests) {
        const path = (req.url ?? '/').split('?')[0];
        options.log?.info(`${req.method ?? '?'} ${path} ${status} ${Math.round(performance.now() - started)}ms`);
      }
    }
  });
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  server.on('clientError', answerClientError);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        server,
        port,
        url: `http://${shownHost}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
