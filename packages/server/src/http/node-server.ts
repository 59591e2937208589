import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../core/context.js';
import type { FetchHandler } from '../rest/rest-handler.js';

/** Options of {@link listen}. */
export interface ListenOptions {
  handler: FetchHandler;
  port?: number;
  host?: string;
  /** Largest accepted request body in bytes; larger bodies get a 413 envelope. */
  maxBodyBytes?: number;
  log?: Logger;
  /** Log one line per request (method, path, status, milliseconds; never credentials). */
  logRequests?: boolean;
}

/** A listening server. */
export interface RunningServer {
  server: Server;
  /** `http://host:port` */
  url: string;
  port: number;
  close(): Promise<void>;
}

const TOO_LARGE = JSON.stringify({ result: 'error', msg: 'Request body too large', code: 'BAD_REQUEST' });

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  return headers;
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  if (body) headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body ?? undefined);
}

/**
 * Serves a fetch-style handler on node:http. The request body is read with a size limit,
 * and a request whose client goes away aborts its `signal` (ending a long poll).
 */
export function listen(options: ListenOptions): Promise<RunningServer> {
  const limit = options.maxBodyBytes ?? 25 * 1024 * 1024;
  const host = options.host ?? '127.0.0.1';
  const server = createServer(async (req, res) => {
    const started = performance.now();
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    let status = 500;
    try {
      const method = req.method ?? 'GET';
      const body = method === 'GET' || method === 'HEAD' ? null : await readBody(req, limit);
      if (body === 'too-large') {
        status = 413;
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
        res.end(TOO_LARGE);
        return;
      }
      const url = `http://${req.headers.host ?? host}${req.url ?? '/'}`;
      const request = new Request(url, { method, headers: toHeaders(req), body: body === null ? null : new Uint8Array(body), signal: controller.signal });
      const response = await options.handler(request);
      if (response.type === 'error') {
        // `Response.error()` is a network error (the mock's network_error fault): the client
        // gets no answer at all, its connection is dropped.
        status = 0;
        res.destroy();
        return;
      }
      status = response.status;
      await writeResponse(res, response);
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
  server.keepAliveTimeout = 65_000;
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
