import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake integration received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The body parsed as JSON, or as a form for form bodies. */
  parsed: unknown;
}

/**
 * How to answer one request: a status and body (an object is sent as JSON), no answer at all
 * (`hang`: the request times out), or a cut connection (`drop`).
 */
export type Answer = { status?: number; body?: unknown; hang?: true; drop?: true };

/** An integration's server (what an outgoing-webhook bot POSTs to), for tests. */
export interface FakeIntegration {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** Queues answers for the next requests; after them, `{"response_not_required": true}`. */
  answer(...answers: Answer[]): void;
  /** Resolves with the `n`-th request (1-based) once it has arrived. */
  nth(n: number): Promise<ReceivedRequest>;
  reset(): void;
  close(): Promise<void>;
}

function parse(body: string, contentType: string): unknown {
  try {
    if (contentType.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** Starts a fake integration server on a loopback port. */
export async function startFakeIntegration(): Promise<FakeIntegration> {
  const requests: ReceivedRequest[] = [];
  let answers: Answer[] = [];
  let waiters: { n: number; resolve: (request: ReceivedRequest) => void }[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers,
        body,
        parsed: parse(body, headers['content-type'] ?? ''),
      };
      requests.push(received);
      waiters = waiters.filter((waiter) => {
        if (waiter.n !== requests.length) return true;
        waiter.resolve(received);
        return false;
      });
      const answer = answers.shift() ?? { body: { response_not_required: true } };
      if (answer.drop) {
        req.socket.destroy();
        return;
      }
      if (answer.hang) {
        hanging.add(res);
        return;
      }
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
      res.writeHead(answer.status ?? 200, {
        'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json',
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(...more) {
      answers.push(...more);
    },
    nth(n) {
      const found = requests[n - 1];
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    reset() {
      requests.length = 0;
      answers = [];
      waiters = [];
      for (const res of hanging) res.destroy();
      hanging.clear();
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
