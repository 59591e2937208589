import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '@teamchat/schema';
import { bodyTooLarge, type RestRequest } from '../rest/rest-request.js';
import { bodyStream } from './body-stream.js';

/** Whether a request says it has a body (a length above zero, or a chunked one). */
function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * The {@link RestRequest} of a node:http request, with nothing built that the handler does
 * not ask for: headers are read from node's own parsed object, the body straight from the
 * socket, the abort signal and a fetch `Request` made on first use (what `@hono/node-server`
 * calls a light request). `abandoned` tells the adapter to close the connection after
 * answering: the handler gave up on a body it did not read to the end.
 */
export class LightRequest implements RestRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly hasBody: boolean;
  readonly clientAddress: string | undefined;
  /** The body was not (completely) read: the connection cannot be reused. */
  abandoned = false;
  private consumed = false;
  private controller: AbortController | null = null;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    readonly origin: string,
  ) {
    this.method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    this.path = mark < 0 ? url : url.slice(0, mark);
    this.query = mark < 0 ? '' : url.slice(mark + 1);
    this.hasBody = this.method !== 'GET' && this.method !== 'HEAD';
    this.clientAddress = req.socket.remoteAddress;
  }

  header(name: string): string | null {
    const value = this.req.headers[name];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = new AbortController();
      this.controller = controller;
      this.res.once('close', () => {
        if (!this.res.writableFinished) controller.abort();
      });
    }
    return this.controller.signal;
  }

  /** Whether a body was sent that nobody read: answering without it means closing the connection. */
  get unreadBody(): boolean {
    return !this.consumed && declaresBody(this.req);
  }

  readBytes(limit: number): Promise<Uint8Array> {
    this.consumed = true;
    const req = this.req;
    const declared = Number(req.headers['content-length'] ?? 'NaN');
    if (declared > limit) {
      this.abandoned = true;
      return Promise.reject(bodyTooLarge(limit));
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (error: unknown, bytes?: Uint8Array) => {
        req.off('data', onData);
        req.off('end', onEnd);
        req.off('error', onError);
        req.off('aborted', onError);
        if (error) reject(error);
        else resolve(bytes as Uint8Array);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          this.abandoned = true;
          req.pause();
          finish(bodyTooLarge(limit));
          return;
        }
        chunks.push(chunk);
      };
      const onEnd = () => finish(null, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
      const onError = () => {
        this.abandoned = true;
        finish(new ApiError('BAD_REQUEST', 'Incomplete request body'));
      };
      req.on('data', onData);
      req.on('end', onEnd);
      req.on('error', onError);
      req.on('aborted', onError);
    });
  }

  toRequest(body: Uint8Array | null): Request {
    const headers = new Headers();
    const raw = this.req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
    const url = `${this.origin}${this.req.url ?? '/'}`;
    if (body !== null || !this.hasBody) {
      return new Request(url, {
        method: this.method,
        headers,
        body: body as Uint8Array<ArrayBuffer> | null,
        signal: this.signal,
      });
    }
    this.consumed = true;
    const state = { abandoned: false };
    const stream = bodyStream(this.req, state);
    const request = new Request(url, {
      method: this.method,
      headers,
      body: stream,
      signal: this.signal,
      duplex: 'half',
    } as RequestInit);
    this.abandonedBy = state;
    return request;
  }

  /** Set when the body went to a fetch `Request` as a stream: its reader may give up on it. */
  abandonedBy: { abandoned: boolean } | null = null;
}
