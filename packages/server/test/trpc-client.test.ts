import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { ApiError, endpoints } from '@teamchat/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/node/node-server.js';
import { createMemoryServer, type MemoryServer } from '../src/memory.js';
import { buildRouter } from '../src/trpc/build-router.js';
import type { AppRouter } from '../src/trpc/trpc-handler.js';

let memory: MemoryServer;
let running: RunningServer;
beforeAll(async () => {
  memory = await createMemoryServer({ seed: 5 });
  running = await listen({ handler: memory.handler });
});
afterAll(() => running.close());

function authOf(role: 'owner' | 'member' | 'guest'): string {
  const account = memory.accounts.find((a) => a.role === role);
  if (!account) throw new Error(role);
  return `Basic ${btoa(`${account.email}:${account.apiKey}`)}`;
}

function clientAs(role: 'owner' | 'member' | 'guest' | null, url = `${running.url}/trpc`) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url, headers: role ? { authorization: authOf(role) } : {} })],
  });
}

type ErrorData = {
  code: string;
  httpStatus: number;
  apiError: { result: 'error'; code?: string; msg: string; [extra: string]: unknown };
  stack?: string;
};

async function failure(call: Promise<unknown>): Promise<TRPCClientError<AppRouter> & { data: ErrorData }> {
  const error = await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return error as TRPCClientError<AppRouter> & { data: ErrorData };
}

/** A REST call's envelope, for comparison. */
async function rest(
  method: string,
  path: string,
  params: Record<string, string>,
  role: 'owner' | 'member',
): Promise<Record<string, unknown>> {
  const response = await fetch(`${running.url}/api/v1${path}`, {
    method,
    headers: { authorization: authOf(role), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('the router at /trpc', () => {
  it('serves typed queries and mutations with the same rules as REST', async () => {
    const owner = clientAs('owner');
    const { members } = await owner.users.list.query({});
    expect(members.map((m) => m.full_name)).toContain('Olivia Owner');
    const { id } = await owner.channels.create.mutate({ name: 'typed', subscribers: [] });
    const { streams } = await owner.channels.list.query({ include_all: true });
    expect(streams.some((s) => s.stream_id === id)).toBe(true);
  });

  it('answers API errors with the tRPC code of their HTTP status, the envelope in data, and no stack', async () => {
    const error = await failure(clientAs('guest').channels.create.mutate({ name: 'nope', subscribers: [] }));
    expect(error.message).toBe('Not allowed for guest users');
    expect(error.data).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      path: 'channels.create',
      apiError: { result: 'error', code: 'BAD_REQUEST', msg: 'Not allowed for guest users' },
    });

    const denied = await failure(clientAs('member').users.deactivate.mutate({ user_id: 1 }));
    expect(denied.data).toMatchObject({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      apiError: { code: 'BAD_REQUEST', msg: 'Insufficient permission' },
    });
    expect(denied.data.stack).toBeUndefined();
  });

  it('sends no stack, file path or function name in any error body', async () => {
    const response = await fetch(`${running.url}/trpc/users.deactivate`, {
      method: 'POST',
      headers: { authorization: authOf('member'), 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 1 }),
    });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(text).not.toMatch(/stack|\.ts:|\.js:|node_modules|at [A-Za-z]+ \(/);
  });

  it('answers 401 UNAUTHORIZED without credentials, before looking at the input', async () => {
    const error = await failure(clientAs(null).users.me.query({}));
    expect(error.message).toBe('Not logged in: API authentication or user session required');
    expect(error.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, apiError: { code: 'UNAUTHORIZED' } });
    // No input at all: still the 401, not a dump of validation issues.
    const bare = await fetch(`${running.url}/trpc/messages.send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.status).toBe(401);
    expect(JSON.stringify(await bare.json())).not.toContain('invalid_type');
  });

  it('answers 404 NOT_FOUND for what REST answers 404', async () => {
    const error = await failure(
      clientAs('member').navigationViews.update.mutate({ fragment: 'nowhere', is_pinned: true }),
    );
    expect(error.data).toMatchObject({
      code: 'NOT_FOUND',
      httpStatus: 404,
      apiError: { msg: 'Navigation view does not exist.' },
    });
  });

  it('gives input errors the message REST gives', async () => {
    const viaRest = await rest('POST', '/messages/flags', { messages: '[1]', op: 'bogus', flag: 'read' }, 'member');
    const viaTrpc = await failure(
      clientAs('member').messages.updateFlags.mutate({ messages: [1], op: 'bogus' as never, flag: 'read' }),
    );
    expect(viaTrpc.data.apiError).toEqual(viaRest);

    const missingRest = await rest('POST', '/messages', { type: 'stream', content: 'hello' }, 'member');
    const missingTrpc = await failure(
      clientAs('member').messages.send.mutate({ type: 'stream', content: 'hello' } as never),
    );
    expect(missingRest).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING' });
    expect(missingTrpc.data.apiError).toEqual(missingRest);
    expect(missingTrpc.message).toBe(missingRest['msg']);
  });

  it('answers 429 TOO_MANY_REQUESTS with retry-after once rate limits apply', async () => {
    const limited = await createMemoryServer({
      seed: 6,
      config: {
        rateLimits: {
          api_by_user: [[60, 2]],
          api_by_ip: [[60, 100]],
          authenticate_by_username: [[1800, 5]],
          authenticate_by_ip: [[60, 30]],
        },
      },
    });
    const server = await listen({ handler: limited.handler });
    try {
      const owner = limited.accounts.find((a) => a.role === 'owner');
      const client = createTRPCClient<AppRouter>({
        links: [
          httpLink({
            url: `${server.url}/trpc`,
            headers: { authorization: `Basic ${btoa(`${owner?.email}:${owner?.apiKey}`)}` },
          }),
        ],
      });
      await client.users.me.query({});
      await client.users.me.query({});
      const error = await failure(client.users.me.query({}));
      expect(error.data).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        httpStatus: 429,
        apiError: { code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit' },
      });
      expect(error.data.apiError['retry-after']).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('shows stacks only in development mode, when asked', async () => {
    memory.core.services.config.trpcDevelopmentMode = true;
    try {
      const error = await failure(clientAs('guest').channels.create.mutate({ name: 'nope', subscribers: [] }));
      expect(error.data.stack).toEqual(expect.any(String));
    } finally {
      memory.core.services.config.trpcDevelopmentMode = false;
    }
  });
});

describe('the tRPC code of every HTTP status', () => {
  const statuses = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    429: 'TOO_MANY_REQUESTS',
    503: 'SERVICE_UNAVAILABLE',
  } as const;

  it.each(Object.entries(statuses))('%s → %s, with code, msg and extra fields in data', async (status, code) => {
    // One procedure whose run fails with the status, served through the same router code.
    const failing = {
      ...memory.core,
      run: async () => {
        throw new ApiError('SOME_CODE', `failed with ${status}`, { status: Number(status), extra: { detail: 7 } });
      },
    };
    const router = buildRouter([endpoints['server.getSettings']]);
    const server = await listen({
      handler: (request) =>
        fetchRequestHandler({
          endpoint: '/trpc',
          req: request,
          router,
          createContext: () => ({ core: failing, request: { authorization: null, userAgent: '' } }),
        }),
    });
    try {
      const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc` })] });
      const error = await failure(client.server.getSettings.query({}));
      expect(error.data).toMatchObject({
        code,
        apiError: { result: 'error', code: 'SOME_CODE', msg: `failed with ${status}`, detail: 7 },
      });
      expect(error.message).toBe(`failed with ${status}`);
    } finally {
      await server.close();
    }
  });
});
