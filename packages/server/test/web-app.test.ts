/**
 * The web app's files served over real HTTP: a folder of built files in a temp dir (what
 * `@teamchat/web` builds to `dist/`), read through `staticFolder`, served by the REST handler
 * on a loopback port.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryServer } from '../src/memory.js';
import { listen, type RunningServer } from '../src/node/node-server.js';
import { staticFolder } from '../src/node/static-folder.js';
import { WEB_APP_CSP } from '../src/rest/web-app.js';

const INDEX = '<!doctype html><title>teamchat</title><script type="module" src="/static/index-ab12.js"></script>';
const SCRIPT = 'console.log("app")';
const SECRET = 'the secret beside the folder';

let dir: string;
let web: RunningServer;
let dev: RunningServer;
let bare: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-web-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'static', 'fonts'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'static', 'index-ab12.js'), SCRIPT);
  writeFileSync(join(dist, 'static', 'index-ab12.css'), 'body{}');
  writeFileSync(join(dist, 'static', 'fonts', 'sans-cd34.woff2'), 'font');
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  writeFileSync(join(dist, 'secret.txt'), SECRET);
  symlinkSync(join(dir, 'secret.txt'), join(dist, 'static', 'link-out.txt'));
  const serve = async (devMode: boolean, files: boolean) => {
    const { handler } = await createMemoryServer({
      seed: 1,
      config: { devMode },
      rest: files ? { webApp: staticFolder(dist) } : {},
    });
    return listen({ handler });
  };
  [web, dev, bare] = await Promise.all([serve(false, true), serve(true, true), serve(false, false)]);
});
afterAll(async () => {
  await Promise.all([web, dev, bare].map((server) => server?.close()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Sends `target` as the request line, as it is (fetch would normalise `..` and encodings). */
function rawGet(url: string, target: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text }));
  });
}

describe('the web app', () => {
  it("answers index.html for the app's pages, with the CSP, no-store and the security headers", async () => {
    for (const path of ['/', '/login/', '/login', '/inspector/']) {
      const response = await fetch(`${web.url}${path}`);
      expect([path, response.status]).toEqual([path, 200]);
      expect(await response.text()).toBe(INDEX);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(WEB_APP_CSP);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
    }
    expect(WEB_APP_CSP).toContain("script-src 'self';");
    expect(WEB_APP_CSP).toMatch(/frame-ancestors 'none'$/);
  });

  it('serves the hashed assets as immutable, with their types; HEAD without a body', async () => {
    const script = await fetch(`${web.url}/static/index-ab12.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe(SCRIPT);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${web.url}/static/index-ab12.css`)).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    expect((await fetch(`${web.url}/static/fonts/sans-cd34.woff2`)).headers.get('content-type')).toBe('font/woff2');
    const head = await fetch(`${web.url}/static/index-ab12.js`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([
      200,
      String(SCRIPT.length),
      '',
    ]);
  });

  it('answers a missing asset, another path and another method with the 404 envelope of today', async () => {
    for (const path of ['/static/missing.js', '/static/', '/nowhere', '/index.html']) {
      const response = await fetch(`${web.url}${path}`);
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.json()).toEqual({ result: 'error', msg: `Not found: ${path}`, code: 'BAD_REQUEST' });
    }
    expect((await fetch(`${web.url}/`, { method: 'POST' })).status).toBe(404);
  });

  it('refuses every path that would leave the folder: dot segments, encoded slashes and dots, backslashes, links', async () => {
    const targets = [
      '/static/../secret.txt',
      '/static/../../secret.txt',
      '/static/%2e%2e/secret.txt',
      '/static/%2E%2E/%2E%2E/secret.txt',
      '/static/..%2fsecret.txt',
      '/static/..%2F..%2Fsecret.txt',
      '/static/fonts/../../secret.txt',
      '/static/..\\secret.txt',
      '/static/%5c..%5csecret.txt',
      '/static//etc/passwd',
      '/static/%00/secret.txt',
      '/static/link-out.txt',
    ];
    for (const target of targets) {
      const { status, text } = await rawGet(web.url, target);
      expect([target, status], text).toEqual([target, 404]);
      expect(text).not.toContain(SECRET);
    }
  });

  it('serves /devlogin/ only on a development server', async () => {
    expect((await fetch(`${web.url}/devlogin/`)).status).toBe(404);
    const page = await fetch(`${dev.url}/devlogin/`);
    expect([page.status, await page.text()]).toEqual([200, INDEX]);
  });

  it('is not there without its files: / is the 404 envelope, as before', async () => {
    const response = await fetch(`${bare.url}/`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ result: 'error', msg: 'Not found: /', code: 'BAD_REQUEST' });
    expect((await fetch(`${bare.url}/static/index-ab12.js`)).status).toBe(404);
  });
});
