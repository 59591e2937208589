/**
 * A person in front of `teamchat-mock --port N`, in Chromium: the binary prints the accounts
 * with their passwords and where the web app is; the web app's login page takes them, the
 * organization shows, a client's message arrives live, the inspector shows that request and
 * the event it put into the page's queue, and logging out ends the session.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForTests, launchChromium } from '../../../test-support/browser.js';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';

const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const availability = chromiumForTests("the mock's web app in Chromium");

/** An account as `teamchat-mock` printed it. */
interface Printed {
  email: string;
  apiKey: string;
  password: string;
}

let child: ChildProcess;
let stdout = '';
let url: string;
let accounts: Map<string, Printed>;
let browser: Browser;

/** Starts `teamchat-mock --port 0` from its sources; resolves once it printed the web app's line. */
async function startMock(): Promise<void> {
  child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', BIN, '--port', '0', '--quiet'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (/^Web app: .*\n/m.test(stdout)) resolve();
    });
    child.once('exit', () => reject(new Error(`teamchat-mock exited:\n${stdout}${stderr}`)));
  });
  url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1] ?? '';
  accounts = new Map();
  for (const match of stdout.matchAll(/^\s+(\w+)\s+(\S+@\S+)\s+key (\S+)(?:\s+password (\S+))?$/gm)) {
    accounts.set(match[1] as string, {
      email: match[2] as string,
      apiKey: match[3] as string,
      password: match[4] ?? '',
    });
  }
}

function account(role: string): Printed {
  const found = accounts.get(role);
  if (!found) throw new Error(`teamchat-mock printed no ${role}:\n${stdout}`);
  return found;
}

/** A new browser context (its own cookies) whose page errors are collected. */
async function openPage(): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 860 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      errors.push(`error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { page, errors, close: () => context.close() };
}

describe.skipIf(availability.skip !== undefined)("the mock's web app in Chromium", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    // The web app's files come from packages/web/dist.
    assertFreshBuilds();
    await startMock();
    browser = await launchChromium(availability.executable ?? '');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('prints the passwords and where to log in, and a person logs in, sees a message arrive, inspects it, and logs out', async () => {
    expect(stdout).toContain(`Web app: open ${url}/ and log in`);
    const owner = account('owner');
    expect(owner.password).not.toBe('');

    const { page, errors, close } = await openPage();
    await page.goto(`${url}/`);
    await page.waitForURL(/\/login\/$/);
    await page.fill('#login-email', owner.email);
    await page.fill('#login-password', owner.password);
    await page.click('.login-form button[type=submit]');
    await page.waitForSelector('.left-sidebar .channel-link');
    expect(await page.textContent('.brand-name')).toBe('Teamchat Demo');
    await page.locator('.message-row', { hasText: 'Say hello in this topic' }).waitFor();

    // Another client (a test, with the member's printed key) sends a message: it arrives live.
    const member = account('member');
    const sent = await fetch(`${url}/api/v1/messages`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${member.email}:${member.apiKey}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ type: 'stream', to: 'general', topic: 'from a client', content: 'seen in the mock' }),
    });
    expect(sent.status).toBe(200);
    await page.locator('.message-row', { hasText: 'seen in the mock' }).waitFor();

    // The inspector shows that request, and the event it put into the page's queue.
    await page.goto(`${url}/inspector/`);
    await page.locator('.journal-status', { hasText: 'Live' }).waitFor();
    await page.fill('#journal-filter', 'seen in the mock');
    const request = page.locator('.journal-entry[data-kind="request"]', { hasText: 'POST /api/v1/messages' }).first();
    await request.waitFor();
    expect(await request.textContent()).toContain(member.email);
    await page.locator('.journal-entry[data-kind="event"]', { hasText: 'message' }).first().waitFor();

    await page.goto(`${url}/`);
    await page.click('.user-menu-button');
    await page.click('[data-action="logout"]');
    await page.waitForURL(/\/login\/$/);
    expect(await page.evaluate(async () => (await fetch('/json/users/me')).status)).toBe(401);
    expect(errors).toEqual([]);
    await close();
  });
});
