import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '../core/index.js';
import type { FetchHandler, RestHandler } from '../rest/rest-handler.js';
import type { RestReply } from '../rest/rest-request.js';
import { LightRequest } from './light-request.js';

/** Options of {@link listen}. */
export interface ListenOptions {
  /**
   * The handler; it alone limits request bodies (see `createRestHandler`). A REST handler is
   * served through its `serve` (a light request, one write per answer); any other fetch
   * handler gets a WHATWG `Request` and its `Response` is written out.
   */
  handler: FetchHandler | RestHandler;
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

/**
 * Writes a reply with one `writeHead` and one `end`: node sends the head and a string body in
 * one write.
 */
function writeReply(res: ServerResponse, reply: RestReply, closeAfter: boolean): void {
  const headers: Record<string, string | string[]> = reply.headers;
  if (closeAfter) headers['connection'] = 'close';
  if (reply.cookies) headers['set-cookie'] = reply.cookies;
  const body = reply.body;
  if (body === null) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  res.writeHead(reply.status, headers);
  res.end(body);
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
  // Each cookie its own header (forEach gives them one by one, under one name).
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
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
      if (!res.write(chunk))
        await new Promise<void>((resume) => (res.once('drain', resume), res.once('close', resume)));
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
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Serves a fetch-style handler on node:http. The request body is streamed to the handler,
 * which alone limits its size; a body it gives up on is not drained (the connection closes
 * after the answer). A request whose client goes away aborts its `signal` (ending a long poll).
 */
export function listen(options: ListenOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  const handler = options.handler;
  const rest = 'serve' in handler ? handler : null;
  const failed = (res: ServerResponse, error: unknown) => {
    options.log?.error('unexpected error in the HTTP adapter', {
      error: error instanceof Error ? error.message : String(error),
    });
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ result: 'error', msg: 'Internal server error' }));
    } else {
      res.destroy();
    }
  };
  const logged = (req: IncomingMessage, status: number, started: number) => {
    const path = (req.url ?? '/').split('?')[0];
    options.log?.info(`${req.method ?? '?'} ${path} ${status} ${Math.round(performance.now() - started)}ms`);
  };
  const server = createServer(
    {
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
    },
    (req, res) => {
      const started = options.logRequests ? performance.now() : 0;
      const request = new LightRequest(req, res, `http://${req.headers.host ?? host}`);
      if (rest) {
        rest.serve(request).then(
          (reply) => {
            writeReply(res, reply, request.abandoned || request.unreadBody);
            if (options.logRequests) logged(req, reply.status, started);
          },
          (error: unknown) => {
            failed(res, error);
            if (options.logRequests) logged(req, 500, started);
          },
        );
        return;
      }
      void serveFetch(handler, request, res).then((status) => {
        if (options.logRequests) logged(req, status, started);
      });
    },
  );
  const serveFetch = async (
    fetchHandler: FetchHandler,
    request: LightRequest,
    res: ServerResponse,
  ): Promise<number> => {
    try {
      const response = await fetchHandler(request.toRequest(null), { clientAddress: request.clientAddress });
      if (response.type === 'error') {
        // `Response.error()` is a network error (the mock's network_error fault): the client
        // gets no answer at all, its connection is dropped.
        res.destroy();
        return 0;
      }
      await writeResponse(res, response, request.abandonedBy?.abandoned === true);
      return response.status;
    } catch (error) {
      failed(res, error);
      return 500;
    }
  };
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
