import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { HttpSender, OutboundResult } from '../core/index.js';

/** Error codes of a connection that could not be made or was cut. */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
]);

/** The most of an answer kept (the rest is read and dropped). */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The server's {@link HttpSender} over node:http and node:https: the outgoing-webhook sender
 * and the push-bouncer transport. It tells a timeout (no complete answer within `timeoutMs`)
 * from a failed connection and from other errors, which the outbox treats differently
 * (retry, retry, fail).
 */
export const nodeHttpSender: HttpSender = (outbound) =>
  new Promise<OutboundResult>((resolve) => {
    let url: URL;
    try {
      url = new URL(outbound.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new TypeError(`unsupported protocol ${url.protocol}`);
    } catch (error) {
      resolve({ kind: 'error', name: 'InvalidURL', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    let settled = false;
    const finish = (result: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      { method: outbound.method, headers: { ...outbound.headers, 'content-length': Buffer.byteLength(outbound.body) } },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BODY_BYTES) chunks.push(chunk);
        });
        res.on('end', () =>
          finish({ kind: 'response', status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (error) => finish({ kind: 'connection-error', message: error.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ kind: 'timeout' });
      req.destroy();
    }, outbound.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code && CONNECTION_ERRORS.has(error.code))
        finish({ kind: 'connection-error', message: `${error.code}: ${error.message}` });
      else
        finish({
          kind: 'error',
          name: error.name === 'Error' && error.code ? error.code : error.name,
          message: error.message,
        });
    });
    req.end(outbound.body);
  });
