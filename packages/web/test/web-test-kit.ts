/**
 * What the web app's browser tests share: the reference server (built, in a child process)
 * serving the app, its demo accounts with their printed passwords and keys, Chromium with
 * one context per user, logging in through the login page, and API calls as a user.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { freePort } from '../../../test-support/processes.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';

export type Role = 'owner' | 'administrator' | 'moderator' | 'member' | 'guest';

/** A demo account: email, the password the server printed, and the API key of its zuliprc. */
export interface Account {
  readonly email: string;
  readonly password: string;
  readonly apiKey: string;
}

/** The server the tests use, on a port of its own (kept across a restart, so pages stay on one origin). */
export interface WebServer {
  server: RunningServer;
  readonly url: string;
  readonly port: number;
  account(role: Role): Account;
  /** Stops the server and starts it again on the same port and data file. */
  restart(): Promise<void>;
}

/** The accounts of the demo organization as the server printed them (`owner  olivia@…  key …  password …`). */
function printedPasswords(output: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of output.matchAll(/^\s+(\w+)\s+(\S+@\S+)\s+key \S+\s+password (\S+)/gm))
    found.set(match[2] as string, match[3] as string);
  return found;
}

/** Starts `teamchat-server` on `dir/data.json` and a fixed free port. */
async function startWebServer(dir: string, args: readonly string[] = []): Promise<WebServer> {
  const port = await freePort();
  const options = { args: ['--port', String(port), ...args] };
  const web: WebServer = {
    server: await startServer(dir, options),
    url: `http://127.0.0.1:${port}`,
    port,
    account(role) {
      const text = readFileSync(web.server.zuliprc(role), 'utf8');
      const email = /^email=(.+)$/m.exec(text)?.[1] ?? '';
      const apiKey = /^key=(.+)$/m.exec(text)?.[1] ?? '';
      const password = passwords.get(email);
      if (!password) throw new Error(`the server printed no password for ${email}:\n${web.server.output()}`);
      return { email, password, apiKey };
    },
    async restart() {
      await web.server.stop();
      web.server = await startServer(dir, { ...options, waitForZuliprc: false });
    },
  };
  // The accounts are printed right after the "listening" line.
  let passwords = printedPasswords(web.server.output());
  for (let waited = 0; passwords.size < 5 && waited < 10_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    passwords = printedPasswords(web.server.output());
  }
  return web;
}

/**
 * Registers, in the calling `describe`, what every browser test file needs: before its tests,
 * the built server on a fresh data directory (`teamchat-<name>-…`, with `args`) and a browser
 * (`launch` gets the directory), handed to `ready`; after them, both closed and the directory
 * removed, whatever failed on the way.
 */
export function useServerAndBrowser<B extends { close(): Promise<void> }>(
  name: string,
  options: {
    args?: readonly string[];
    launch: (dir: string) => Promise<B>;
    ready: (web: WebServer, browser: B) => void | Promise<void>;
  },
): void {
  let dir: string | undefined;
  let web: WebServer | undefined;
  let browser: B | undefined;
  beforeAll(async () => {
    assertFreshBuilds();
    dir = mkdtempSync(join(tmpdir(), `teamchat-${name}-`));
    web = await startWebServer(dir, options.args);
    browser = await options.launch(dir);
    await options.ready(web, browser);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await web?.server.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
}

/** Calls the API as an account (Basic auth), as another client would; fails the test on an error envelope. */
export async function callApi(
  web: WebServer,
  account: Account,
  method: string,
  path: string,
  params: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const query = method === 'GET' ? `?${new URLSearchParams(params)}` : '';
  const response = await fetch(`${web.url}/api/v1${path}${query}`, {
    method,
    headers: {
      authorization: `Basic ${btoa(`${account.email}:${account.apiKey}`)}`,
      ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    ...(method === 'GET' ? {} : { body: new URLSearchParams(params) }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  expect(body, `${method} ${path}`).toMatchObject({ result: 'success' });
  return body;
}

/** The ID of the channel named `name`, as the owner asks for it. */
export async function channelId(web: WebServer, name: string): Promise<number> {
  const { stream_id } = (await callApi(web, web.account('owner'), 'GET', '/get_stream_id', { stream: name })) as {
    stream_id: number;
  };
  return stream_id;
}

/** A page whose console errors and uncaught exceptions are collected. */
export interface OpenPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** `error: …` console lines and `pageerror: …` exceptions so far. */
  readonly errors: string[];
}

/** A new browser context (its own cookies) with one page. */
export async function openPage(browser: Browser, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<OpenPage> {
  const context = await browser.newContext({
    viewport: { width: 1400, height: 860 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // A refused request (the network-failure test, a 4xx the test provokes) is the browser's line, not the app's.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      errors.push(`error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { page, context, errors };
}

/** Logs in through the login page and waits for the app to show the organization. */
export async function logIn(web: WebServer, open: OpenPage, account: Account, next = '/'): Promise<void> {
  const { page } = open;
  await page.goto(`${web.url}/login/${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`);
  await page.fill('#login-email', account.email);
  await page.fill('#login-password', account.password);
  await page.click('.login-form button[type=submit]');
  if (next === '/') await page.waitForSelector('.left-sidebar .channel-link');
}

/** Opens a narrow by its hash and waits for its messages (the list names its narrow in `data-narrow`). */
export async function narrow(page: Page, hash: string): Promise<void> {
  const before = await page.evaluate((value) => {
    const key =
      location.hash === value
        ? null
        : (document.querySelector<HTMLElement>('.message-scroller')?.dataset['narrow'] ?? '');
    location.hash = value;
    return key;
  }, hash);
  await page.waitForFunction((previous) => {
    const list = document.querySelector<HTMLElement>('.message-scroller');
    return !!list && list.dataset['narrow'] !== previous && list.dataset['loading'] === '';
  }, before);
}

/** The unread count shown beside a sidebar link (0 when there is none). */
export async function sidebarCount(page: Page, selector: string, name: string): Promise<number> {
  const link = page.locator(selector, { hasText: name }).first();
  const count = link.locator('.unread-count');
  return (await count.count()) === 0 ? 0 : Number(await count.textContent());
}
