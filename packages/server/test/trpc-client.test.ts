import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/core/create-core.js';
import { listen, type RunningServer } from '../src/node/node-server.js';
import { createMemoryServer, type MemoryServer } from '../src/memory.js';

let memory: MemoryServer;
let running: RunningServer;
beforeAll(async () => {
  memory = await createMemoryServer({ seed: 5 });
  running = await listen({ handler: memory.handler });
});
afterAll(() => running.close());

function clientAs(role: 'owner' | 'guest') {
  const account = memory.accounts.find((a) => a.role === role);
  if (!account) throw new Error(role);
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${running.url}/trpc`, headers: { authorization: `Basic ${btoa(`${account.email}:${account.apiKey}`)}` } })],
  });
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

  it('answers API errors with their code and HTTP status', async () => {
    const error = await clientAs('guest')
      .channels.create.mutate({ name: 'nope', subscribers: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<AppRouter>).data as { apiError: { code: string; msg: string } | null; httpStatus: number };
    expect(data.apiError).toMatchObject({ code: 'BAD_REQUEST', msg: 'Not allowed for guest users' });
    expect(data.httpStatus).toBe(400);
  });

  it('answers 401 without credentials', async () => {
    const anonymous = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${running.url}/trpc` })] });
    const error = await anonymous.users.me.query({}).catch((e: unknown) => e);
    expect((error as TRPCClientError<AppRouter>).data).toMatchObject({ httpStatus: 401, apiError: { code: 'UNAUTHORIZED' } });
  });
});
