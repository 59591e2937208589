import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../src/core/runtime/logger.js';
import { createCore } from '../src/core/create-core.js';
import { seedDemoOrganization } from '../src/core/seed/demo-organization.js';
import { listen, type RunningServer } from '../src/node/node-server.js';
import { createRestHandler } from '../src/rest/rest-handler.js';
import { Store } from '../src/store/store.js';
import type { Db } from '../src/core/model/db.js';

const logged: { message: string; fields?: Record<string, unknown> }[] = [];
const log: Logger = {
  info() {},
  warn() {},
  error: (message, fields) => logged.push({ message, ...(fields ? { fields } : {}) }),
};

let store: Store<Db>;
let running: RunningServer;
let auth: string;

beforeAll(async () => {
  store = new Store<Db>();
  const core = createCore({ store, log });
  const accounts = await seedDemoOrganization(core.services, { passwordIterations: 1 });
  const owner = accounts.find((a) => a.role === 'owner');
  auth = `Basic ${btoa(`${owner?.email ?? ''}:${owner?.apiKey ?? ''}`)}`;
  running = await listen({ handler: createRestHandler(core, { maxBodyBytes: 64 * 1024 }), log });
});
afterAll(() => running.close());

describe('the server under bad requests', () => {
  it('refuses a body over the limit with a 413 envelope and keeps serving', async () => {
    const big = await fetch(`${running.url}/api/v1/settings`, {
      method: 'PATCH',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: `full_name=${'x'.repeat(100 * 1024)}`,
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    const after = await fetch(`${running.url}/api/v1/users/me`, { headers: { authorization: auth } });
    expect(after.status).toBe(200);
  });

  it('answers a malformed multipart body with an envelope', async () => {
    const response = await fetch(`${running.url}/api/v1/settings`, {
      method: 'PATCH',
      headers: { authorization: auth, 'content-type': 'multipart/form-data; boundary=nope' },
      body: 'this is not multipart',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('reads multipart/form-data bodies like form bodies', async () => {
    const form = new FormData();
    form.set('enter_sends', 'true');
    const response = await fetch(`${running.url}/api/v1/settings`, {
      method: 'PATCH',
      headers: { authorization: auth },
      body: form,
    });
    expect(await response.json()).toEqual({ result: 'success', msg: '' });
  });

  it('turns an unexpected exception into a logged 500 envelope without dying', async () => {
    // Break the data under the server's feet: the organization record disappears.
    const realm = store.get('realm', 1);
    await store.write((tx) => tx.delete('realm', 1));
    const broken = await fetch(`${running.url}/api/v1/users/me`, { headers: { authorization: auth } });
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({ result: 'error', msg: 'Internal server error' });
    expect(logged.some((entry) => entry.message.includes('unexpected error'))).toBe(true);
    expect(JSON.stringify(logged)).not.toContain(auth.slice('Basic '.length));
    await store.write((tx) => tx.put('realm', realm as Db['realm']));
    const healthy = await fetch(`${running.url}/api/v1/users/me`, { headers: { authorization: auth } });
    expect(healthy.status).toBe(200);
  });

  it('answers garbage paths and methods with envelopes', async () => {
    const odd = await fetch(`${running.url}/api/v1/%E0%A4%A`, { headers: { authorization: auth } });
    expect(odd.status).toBe(404);
    const health = await fetch(`${running.url}/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const options = await fetch(`${running.url}/api/v1/users`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, POST');
  });
});
