/**
 * The SDK in a real browser (headless Chromium): the README's "In a browser" code, bundled
 * by esbuild from the built packages, against the built reference server in a child process,
 * from the same origin (through a proxy), from another origin the server allows
 * (`--cors-origin`), and from one it does not allow (the error names CORS).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundlePage,
  chromiumForTests,
  launchBrowser,
  readmeCodeBlock,
  serveStatic,
  type StaticServer,
  type TestBrowser,
} from '../../../test-support/browser.js';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';

const availability = chromiumForTests('the SDK in Chromium');
const SITE_LINE = 'const site = location.origin;';
const PAGE =
  '<!doctype html><title>teamchat SDK</title><link rel="icon" href="data:,"><button id="stop">Stop</button><script type="module" src="./app.js"></script>';

let dir: string;
let server: RunningServer;
let pages: StaticServer;
let browser: TestBrowser;
let member: { email: string; apiKey: string };
let owner: { email: string; apiKey: string };

/** `email` and `key` of a zuliprc file the server wrote. */
function account(file: string): { email: string; apiKey: string } {
  const text = readFileSync(file, 'utf8');
  return { email: /^email=(.+)$/m.exec(text)?.[1] ?? '', apiKey: /^key=(.+)$/m.exec(text)?.[1] ?? '' };
}

/** Sends a channel message through the API (as the owner), for the page's event loop to see. */
async function sendMessage(content: string): Promise<void> {
  const response = await fetch(`${server.url}/api/v1/messages`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${owner.email}:${owner.apiKey}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ type: 'stream', to: 'general', topic: 'browser', content }),
  });
  expect(response.status).toBe(200);
}

/**
 * Opens `path` of the page server at `origin`, as the member, and runs the README code until
 * its event queue is registered (a message sent before that would not be an event of it).
 */
async function openApp(origin: string, path: string) {
  const opened = await browser.newPage({ email: member.email, apiKey: member.apiKey });
  const listed = opened.waitForLine(/^\d+ users$/);
  const listening = opened.waitForLine(/^listening for events$/);
  await opened.page.goto(`${origin}${path}`);
  await listed;
  await listening;
  return opened;
}

describe.skipIf(availability.skip !== undefined)(
  'the SDK in Chromium (README "In a browser")',
  { timeout: 60_000 },
  () => {
    beforeAll(async () => {
      assertFreshBuilds();
      dir = mkdtempSync(join(tmpdir(), 'teamchat-sdk-browser-'));
      const publicDir = join(dir, 'public');
      mkdirSync(publicDir);
      const code = readmeCodeBlock('packages/client-sdk/README.md', '## In a browser');
      expect(code).toContain(SITE_LINE);
      const proxy: { target?: string } = {};
      pages = await serveStatic(publicDir, () => proxy.target);
      // The server allows the page server's 127.0.0.1 origin, not its localhost one.
      server = await startServer(join(dir), { args: ['--cors-origin', `http://127.0.0.1:${pages.port}`] });
      proxy.target = server.url;
      member = account(server.zuliprc('member'));
      owner = account(server.zuliprc('owner'));
      // Same origin as written; the cross-origin page names the server, as the README says to.
      writeFileSync(join(publicDir, 'index.html'), PAGE);
      await bundlePage(code, join(publicDir, 'app.js'));
      mkdirSync(join(publicDir, 'cross'));
      writeFileSync(join(publicDir, 'cross', 'index.html'), PAGE);
      await bundlePage(
        code.replace(SITE_LINE, `const site = ${JSON.stringify(server.url)};`),
        join(publicDir, 'cross', 'app.js'),
      );
      browser = await launchBrowser(availability.executable ?? '');
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await pages?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('works from the same origin through a proxy: users, events by long polling, stop deletes the queue', async () => {
      const { page, waitForLine, lines } = await openApp(`http://127.0.0.1:${pages.port}`, '/');
      // The queue is registered: a message sent now is one of its events.
      const received = waitForLine(/^message:/);
      await sendMessage('hello from the test');
      const message = await received;
      expect(await message.args()[1]?.jsonValue()).toMatchObject({
        content: 'hello from the test',
        subject: 'browser',
        display_recipient: 'general',
      });
      const stopped = waitForLine(/^stopped: the event queue is deleted$/);
      await page.click('#stop');
      await stopped;
      expect(lines.filter((line) => /^(error|pageerror):/.test(line))).toEqual([]);
      await page.close();
    });

    it('works from another origin that the server allows with --cors-origin', async () => {
      const { page, waitForLine, lines } = await openApp(`http://127.0.0.1:${pages.port}`, '/cross/');
      const received = waitForLine(/^message:/);
      await sendMessage('across origins');
      expect(await (await received).args()[1]?.jsonValue()).toMatchObject({ content: 'across origins' });
      const stopped = waitForLine(/^stopped:/);
      await page.click('#stop');
      await stopped;
      expect(lines.filter((line) => /^(error|pageerror):/.test(line))).toEqual([]);
      await page.close();
    });

    it('names CORS when the server does not allow the page origin', async () => {
      const origin = `http://localhost:${pages.port}`;
      const opened = await browser.newPage({ email: member.email, apiKey: member.apiKey });
      const failed = opened.waitForLine(/could not reach/);
      await opened.page.goto(`${origin}/cross/`);
      const text = (await failed).text();
      expect(text).toContain(`GET /users failed: could not reach ${server.url} (Failed to fetch)`);
      expect(text).toContain(`This page (${origin}) calls another origin: the likely cause is CORS`);
      expect(text).toContain(`--cors-origin ${origin}`);
      await opened.page.close();
    });
  },
);
