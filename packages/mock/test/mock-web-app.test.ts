/** The mock's HTTP mode serves the web app as the server does, through the same port for its files. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticFiles } from '@teamchat/server';
import { startMockServer, type MockServer } from '../src/node.js';

const files = new Map([
  ['index.html', '<!doctype html><title>teamchat</title>'],
  ['static/index-1234.js', 'export {}'],
]);
/** The built files from memory: the port takes any reader. */
const webApp: StaticFiles = {
  read: async (name) => (files.has(name) ? new TextEncoder().encode(files.get(name)) : null),
};

let served: MockServer;
let bare: MockServer;
beforeAll(async () => {
  [served, bare] = await Promise.all([startMockServer({ webApp }), startMockServer({ webApp: false })]);
});
afterAll(async () => {
  await Promise.all([served?.close(), bare?.close()]);
});

describe('the mock over HTTP, with the web app', () => {
  it('answers its pages and assets as the server does', async () => {
    for (const path of ['/', '/login/', '/inspector/']) {
      const page = await fetch(`${served.url}${path}`);
      expect([path, page.status, await page.text()]).toEqual([path, 200, files.get('index.html')]);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    const script = await fetch(`${served.url}/static/index-1234.js`);
    expect([script.status, script.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect((await fetch(`${served.url}/static/../index.html`)).status).toBe(404);
  });

  it('leaves / to the 404 envelope without it', async () => {
    expect((await fetch(`${bare.url}/`)).status).toBe(404);
  });
});
