import { endpoints } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@teamchat/schema';
import { createMemoryServer } from '../../memory.js';
import type { JournalEntry, Persister } from '../../store/types.js';
import { pageHandler } from './handler.js';
import { runHandler } from './run-handler.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const request = { authorization: null, userAgent: 'vitest' };

async function setup() {
  const server = await createMemoryServer({ seed: 9 });
  const user = (role: string) =>
    server.core.services.store.get('users', server.accounts.find((a) => a.role === role)?.userId ?? 0)!;
  return { ...server, user, services: server.core.services };
}

describe('runHandler', () => {
  it('runs queued mutations on the state their predecessors left (no lost update)', async () => {
    const { core, user } = await setup();
    const endpoint = endpoints['settings.updateRealmDefaults'];
    const admin = user('administrator');
    await Promise.all([
      core.run(endpoint, { enter_sends: true }, { request, user: admin }),
      core.run(endpoint, { left_side_userlist: true }, { request, user: admin }),
    ]);
    const defaults = core.services.store.get('realm', 1)?.user_settings_defaults;
    expect(defaults).toMatchObject({ enter_sends: true, left_side_userlist: true });
  });

  it('checks the caller again inside the transaction: one deactivated meanwhile is refused', async () => {
    const { core, user, services } = await setup();
    const member = user('member');
    const gate = deferred();
    const holding = services.store.write(async (tx) => {
      await gate.promise;
      tx.patch('users', member.id, { is_active: false });
    });
    const queued = core.run(endpoints['settings.update'], { enter_sends: true }, { request, user: member });
    gate.resolve();
    await holding;
    await expect(queued).rejects.toMatchObject({ code: 'UNAUTHORIZED', msg: 'Account is deactivated' });
  });

  it('runs the prepare step outside the write lock', async () => {
    const { services, user } = await setup();
    const gate = deferred();
    const slow = pageHandler(
      defineEndpoint({
        name: 'test.slow',
        method: 'POST',
        path: '/slow',
        access: 'user',
        summary: 't',
        params: z.object({}),
        response: z.looseObject({}),
        errors: [],
      }),
      (_params, ctx) => ({ prepared: ctx.prepared }),
      {
        prepare: async () => {
          await gate.promise;
          return 'ready';
        },
      },
    );
    const pending = runHandler(services, slow, {}, { request, user: user('member'), validateResponse: false });
    // Another writer gets through while the slow run is still preparing.
    await services.store.write((tx) => tx.patch('users', user('owner').id, { full_name: 'Olivia Still Writing' }));
    gate.resolve();
    expect(await pending).toEqual({ prepared: 'ready' });
  });
});

describe('event queues and commits', () => {
  it('does not deliver to a new queue the events of a transaction its state already has', async () => {
    const { core, user, services } = await setup();
    let release!: () => void;
    const persister: Persister = {
      append: (_entry: JournalEntry) => new Promise<void>((resolve) => (release = resolve)),
      close: async () => {},
    };
    services.store.attach(persister);
    const member = user('member');
    const register = endpoints['events.register'];
    const registerParams = register.params.parse({
      event_types: ['user_settings'],
      client_capabilities: { user_settings_object: true },
    });
    const before = (await core.run(register, registerParams, { request, user: member })) as { queue_id: string };
    const update = core.run(
      endpoints['settings.update'],
      endpoints['settings.update'].params.parse({ enter_sends: true }),
      { request, user: member },
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    const after = (await core.run(register, registerParams, { request, user: member })) as {
      queue_id: string;
      user_settings: { enter_sends: boolean };
    };
    expect(after.user_settings.enter_sends).toBe(true);
    release();
    await update;
    const poll = (queue: string) =>
      core.run(endpoints['events.get'], endpoints['events.get'].params.parse({ queue_id: queue, dont_block: true }), {
        request,
        user: member,
      }) as Promise<{ events: unknown[] }>;
    expect((await poll(before.queue_id)).events).toHaveLength(1);
    expect((await poll(after.queue_id)).events).toEqual([]);
  });

  it('reports a failing commit callback without failing the durable write', async () => {
    const { services } = await setup();
    const reported: unknown[] = [];
    services.store.reportError = (error) => reported.push(error);
    const result = await services.store.write((tx) => {
      tx.patch('realm', 1, { name: 'Renamed' });
      tx.onCommit(() => {
        throw new Error('delivery failed');
      });
      return 'done';
    });
    expect(result).toBe('done');
    expect(services.store.get('realm', 1)?.name).toBe('Renamed');
    expect(String(reported[0])).toContain('delivery failed');
  });

  it('undoes a commit that could not be made durable, and refuses writes until the journal can be written again', async () => {
    const { services } = await setup();
    const outages: (Error | null)[] = [];
    services.store.onAvailability((error) => outages.push(error));
    let appends = 0;
    services.store.attach({
      append: async () => {
        appends += 1;
        return Promise.reject(new Error('disk full'));
      },
      close: async () => {},
    });
    const before = services.store.get('realm', 1)?.name;
    await expect(services.store.write((tx) => tx.patch('realm', 1, { name: 'Lost' }))).rejects.toThrow(
      'the store cannot save changes now (disk full); nothing was changed',
    );
    expect(services.store.unavailable).toBe(true);
    expect(services.store.failed).toBe(false);
    // The write waits for its undoing: the memory holds what the disk holds.
    await expect(services.store.write((tx) => tx.patch('realm', 1, { name: 'Later' }))).rejects.toMatchObject({
      name: 'StoreUnavailableError',
    });
    expect(services.store.get('realm', 1)?.name).toBe(before);
    expect(appends).toBe(1);
    expect(outages.map((e) => e?.message)).toEqual(['disk full']);
  });

  it('gives an operation the ports its handler declares, and no other service', async () => {
    const { services, user } = await setup();
    const contract = defineEndpoint({
      name: 'test.ports',
      method: 'GET',
      path: '/ports',
      access: 'user',
      summary: 't',
      params: z.object({}),
      response: z.looseObject({}),
      errors: [],
    });
    const seen = (ctx: object) =>
      Object.fromEntries(
        ['files', 'store', 'outbound', 'jobs', 'hooks', 'rateLimiter', 'uploadSlots', 'runDueJobs'].map((name) => [
          name,
          (ctx as Record<string, unknown>)[name] !== undefined,
        ]),
      );
    const declared = pageHandler(contract, (_params, ctx) => seen(ctx), { ports: ['files', 'store'] });
    const bare = pageHandler(contract, (_params, ctx) => seen(ctx));
    const options = { request, user: user('member'), validateResponse: false };
    expect(await runHandler(services, declared, {}, options)).toEqual({
      files: true,
      store: true,
      outbound: false,
      jobs: false,
      hooks: false,
      rateLimiter: false,
      uploadSlots: false,
      runDueJobs: false,
    });
    expect(await runHandler(services, bare, {}, options)).toEqual({
      files: false,
      store: false,
      outbound: false,
      jobs: false,
      hooks: false,
      rateLimiter: false,
      uploadSlots: false,
      runDueJobs: false,
    });
  });
});

describe('the response check', () => {
  it('refuses an answer outside the contract, and checks an answer again only when its JSON changed', async () => {
    const { services, user } = await setup();
    let parses = 0;
    const response = z.object({ n: z.number().int() });
    const contract = defineEndpoint({
      name: 'test.checked',
      method: 'GET',
      path: '/checked',
      access: 'user',
      summary: 't',
      params: z.object({}),
      response: response.transform((value) => {
        parses += 1;
        return value;
      }),
      errors: [],
    });
    let answer: unknown = { n: 1 };
    const handler = pageHandler(contract, () => answer as { n: number });
    const run = () => runHandler(services, handler, {}, { request, user: user('member'), validateResponse: true });
    expect(await run()).toEqual({ n: 1 });
    expect(await run()).toEqual({ n: 1 });
    expect(parses).toBe(1);
    answer = { n: 2 };
    expect(await run()).toEqual({ n: 2 });
    expect(parses).toBe(2);
    answer = { n: 2.5 };
    await expect(run()).rejects.toThrow(/test\.checked answered outside its contract: n: /);
    // The answer that passed last is still remembered; a wrong one is never.
    answer = { n: 2.5 };
    await expect(run()).rejects.toThrow(/outside its contract/);
  });
});
