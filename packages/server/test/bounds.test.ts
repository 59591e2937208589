import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryServer, type MemoryServer } from '../src/memory.js';
import { listen, type RunningServer } from '../src/node/node-server.js';

let server: MemoryServer;
let running: RunningServer;
beforeAll(async () => {
  server = await createMemoryServer({
    seed: 21,
    config: {
      maxQueuesPerUser: 3,
      maxQueuedEvents: 5,
      maxLongPollsPerUser: 2,
      maxConcurrentUploadsPerUser: 1,
      maxConcurrentUploads: 2,
      uploadQuotaMib: 1,
      heartbeatMs: 60_000,
    },
  });
  running = await listen({ handler: server.handler });
});
afterAll(() => running.close());

function auth(role: 'owner' | 'member' | 'moderator' | 'guest'): string {
  const account = server.accounts.find((a) => a.role === role);
  return `Basic ${btoa(`${account?.email}:${account?.apiKey}`)}`;
}

async function api(
  method: string,
  path: string,
  role: 'owner' | 'member' | 'moderator' | 'guest',
  params: Record<string, string> = {},
  signal?: AbortSignal,
) {
  const url = new URL(`${running.url}/api/v1${path}`);
  const init: RequestInit = { method, headers: { authorization: auth(role) }, ...(signal ? { signal } : {}) };
  if (method === 'GET') for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  else init.body = new URLSearchParams(params);
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const register = async (role: 'owner' | 'member' | 'moderator' | 'guest') =>
  (await api('POST', '/register', role, { event_types: '["message"]' })).body['queue_id'] as string;

describe('event queue bounds', () => {
  it('garbage-collects the queue polled longest ago when a user registers one too many', async () => {
    const queues = [];
    for (let i = 0; i < 4; i += 1) queues.push(await register('member'));
    const first = await api('GET', '/events', 'member', { queue_id: queues[0] as string, dont_block: 'true' });
    expect(first).toEqual({
      status: 400,
      body: {
        result: 'error',
        code: 'BAD_EVENT_QUEUE_ID',
        msg: `Bad event queue ID: ${queues[0]}`,
        queue_id: queues[0],
      },
    });
    for (const queue of queues.slice(1))
      expect((await api('GET', '/events', 'member', { queue_id: queue, dont_block: 'true' })).status).toBe(200);
  });

  it('drops a queue whose client lets more than maxQueuedEvents events wait; the client re-registers', async () => {
    const queue = await register('guest');
    for (let i = 0; i < 6; i += 1)
      expect(
        (
          await api('POST', '/messages', 'owner', {
            type: 'stream',
            to: 'general',
            topic: 'bounds',
            content: `event ${i}`,
          })
        ).status,
      ).toBe(200);
    const polled = await api('GET', '/events', 'guest', { queue_id: queue, dont_block: 'true' });
    expect(polled.body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID' });
    expect(
      (await api('GET', '/events', 'guest', { queue_id: await register('guest'), dont_block: 'true' })).status,
    ).toBe(200);
  });

  it('refuses a third long poll of one user while two wait, with RATE_LIMIT_HIT', async () => {
    const [a, b, c] = [await register('moderator'), await register('moderator'), await register('moderator')];
    const controller = new AbortController();
    const waiting = [a, b].map((queue) =>
      api('GET', '/events', 'moderator', { queue_id: queue }, controller.signal).catch(() => null),
    );
    // Wait until both polls are blocked on the server.
    const queuesOf = () => [
      ...server.core.services.events.queuesOf(server.accounts.find((x) => x.role === 'moderator')?.userId ?? 0),
    ];
    while (queuesOf().filter((q) => q.waiting).length < 2) await new Promise((resolve) => setImmediate(resolve));
    const third = await api('GET', '/events', 'moderator', { queue_id: c });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({
      code: 'RATE_LIMIT_HIT',
      msg: 'Too many GET /events requests are waiting for this user at once (limit: 2)',
      'retry-after': 1,
    });
    // A new poll of a queue that has one waiting replaces it: not refused.
    controller.abort();
    await Promise.all(waiting);
  });
});

describe('upload bounds', () => {
  it('refuses a second upload of a user while the first is being received', async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const boundary = 'teamchat-bounds';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="slow.txt"\r\ncontent-type: text/plain\r\n\r\n`;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
        await hold;
        controller.enqueue(new TextEncoder().encode(`slow\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });
    const slow = fetch(`${running.url}/api/v1/user_uploads`, {
      method: 'POST',
      headers: { authorization: auth('member'), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    const form = () => {
      const data = new FormData();
      data.set('file', new File(['quick'], 'quick.txt'));
      return data;
    };
    // Until the slow upload holds its slot, a quick one may still get through.
    let refused: Response | null = null;
    for (let i = 0; i < 100 && !refused; i += 1) {
      const quick = await fetch(`${running.url}/api/v1/user_uploads`, {
        method: 'POST',
        headers: { authorization: auth('member') },
        body: form(),
      });
      if (quick.status === 429) refused = quick;
    }
    expect(refused?.status).toBe(429);
    expect(await refused?.json()).toEqual({
      result: 'error',
      code: 'RATE_LIMIT_HIT',
      msg: 'Too many uploads in progress for this user (limit: 1)',
      'retry-after': 1,
    });
    // Another user may upload meanwhile; the slow one completes.
    expect(
      (
        await fetch(`${running.url}/api/v1/user_uploads`, {
          method: 'POST',
          headers: { authorization: auth('owner') },
          body: form(),
        })
      ).status,
    ).toBe(200);
    release();
    expect((await slow).status).toBe(200);
  });

  it("refuses an upload past the organization's quota with REALM_UPLOAD_QUOTA", async () => {
    const upload = (kib: number) => {
      const data = new FormData();
      data.set('file', new File([new Uint8Array(kib * 1024)], 'big.bin'));
      return fetch(`${running.url}/api/v1/user_uploads`, {
        method: 'POST',
        headers: { authorization: auth('owner') },
        body: data,
      });
    };
    expect((await upload(600)).status).toBe(200);
    const over = await upload(600);
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      result: 'error',
      code: 'REALM_UPLOAD_QUOTA',
      msg: "Upload would exceed your organization's upload quota.",
    });
  });
});

describe('connection timeouts', () => {
  it('closes a connection that sends no complete request headers, and an idle keep-alive one', async () => {
    const quick = await listen({
      handler: server.handler,
      timeouts: { headersTimeoutMs: 300, keepAliveTimeoutMs: 300 },
    });
    try {
      const { port } = quick;
      const closed = (send: string) =>
        new Promise<string>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => socket.write(send));
          let answer = '';
          socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
          socket.on('close', () => resolve(answer));
          socket.on('error', () => undefined);
        });
      // Headers that never end (one byte, then nothing).
      expect(await closed('G')).toMatch(/^HTTP\/1\.1 408|^$/);
      // A complete request on a keep-alive connection, then silence: answered, then closed.
      expect(await closed('GET /health HTTP/1.1\r\nHost: x\r\n\r\n')).toContain('{"status":"ok"}');
    } finally {
      await quick.close();
    }
  });
});
