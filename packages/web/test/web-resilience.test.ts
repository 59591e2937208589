/**
 * The web app when things go wrong, and the inspector: a server restarted under an open page
 * (the queue is lost: the page registers again, says so and shows what was sent meanwhile), a
 * network failure (a retry banner, not a blank page), and the inspector showing a request a
 * test made and the event it caused, with no secret on the page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForTests, launchChromium } from '../../../test-support/browser.js';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { callApi, logIn, narrow, openPage, startWebServer, type WebServer } from './web-test-kit.js';

const availability = chromiumForTests('the web app when things go wrong, and the inspector');

let dir: string;
let web: WebServer;
let browser: Browser;
let general: number;

describe.skipIf(availability.skip !== undefined)('the web app when things go wrong, and the inspector', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    assertFreshBuilds();
    dir = mkdtempSync(join(tmpdir(), 'teamchat-web-resilience-'));
    web = await startWebServer(dir);
    browser = await launchChromium(availability.executable ?? '');
    const { stream_id } = (await callApi(web, web.account('owner'), 'GET', '/get_stream_id', { stream: 'general' })) as { stream_id: number };
    general = stream_id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await web?.server.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the request a client made and the event it caused in the inspector, without secrets', async () => {
    const member = await openPage(browser);
    await logIn(web, member, web.account('member'));
    await narrow(member.page, `#narrow/channel/${general}-general/topic/inspected`);
    const inspector = await openPage(browser);
    await logIn(web, inspector, web.account('administrator'), '/inspector/');
    await inspector.page.waitForURL(/\/inspector\/$/);
    await inspector.page.locator('.journal-status', { hasText: 'Live' }).waitFor();

    // A client (the test, with Basic auth) sends a message; the member's queue gets the event.
    await callApi(web, web.account('owner'), 'POST', '/messages', { type: 'stream', to: 'general', topic: 'inspected', content: 'inspect me' });
    await member.page.locator('.message-row', { hasText: 'inspect me' }).waitFor();

    await inspector.page.fill('#journal-filter', 'inspect me');
    const request = inspector.page.locator('.journal-entry[data-kind="request"]', { hasText: 'POST /api/v1/messages' }).first();
    await request.waitFor();
    expect(await request.textContent()).toContain(web.account('owner').email);
    const requestId = Number(await request.getAttribute('data-id'));
    const event = inspector.page.locator('.journal-entry[data-kind="event"]', { hasText: 'message' }).first();
    await event.waitFor();
    // The event names the request that caused it; following the link highlights it.
    await event.locator('.cause').click();
    await inspector.page.locator(`.journal-entry.highlighted[data-id="${requestId}"]`).waitFor();
    await inspector.page.fill('#journal-filter', '');
    await request.locator('.journal-summary').click();
    expect(await request.locator('.journal-fields').textContent()).toContain('inspect me');

    // The login of each page went through the journal, never with its password or a key.
    await inspector.page.fill('#journal-filter', '/accounts/login');
    await inspector.page.locator('.journal-entry', { hasText: '/accounts/login' }).first().waitFor();
    await inspector.page.fill('#journal-filter', '');
    for (const entry of await inspector.page.locator('.journal-summary').all()) await entry.click();
    const text = (await inspector.page.textContent('body')) ?? '';
    for (const role of ['owner', 'member', 'administrator'] as const) {
      expect(text).not.toContain(web.account(role).password);
      expect(text).not.toContain(web.account(role).apiKey);
    }
    expect([...member.errors, ...inspector.errors]).toEqual([]);
    await member.context.close();
    await inspector.context.close();
  });

  it('shows a retry banner when the network fails, and recovers', async () => {
    const open = await openPage(browser);
    await logIn(web, open, web.account('member'));
    await open.context.setOffline(true);
    const banner = open.page.locator('[data-banner="offline"]');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toMatch(/Cannot reach the server/);
    // Still the app, not a blank page.
    expect(await open.page.locator('.left-sidebar .channel-link').count()).toBeGreaterThan(0);
    await open.context.setOffline(false);
    await banner.locator('button', { hasText: 'Retry now' }).click();
    await banner.waitFor({ state: 'detached' });
    await open.context.close();
  });

  it('registers again after the server restarts under the page, says so, and shows the new messages', async () => {
    const open = await openPage(browser);
    await logIn(web, open, web.account('member'));
    await narrow(open.page, `#narrow/channel/${general}-general/topic/restart`);
    await web.restart();
    // The session survived the restart; the event queue did not.
    await callApi(web, web.account('owner'), 'POST', '/messages', { type: 'stream', to: 'general', topic: 'restart', content: 'sent while the page was away' });
    await open.page.locator('[data-banner="reloaded"]').waitFor({ timeout: 40_000 });
    await open.page.locator('.message-row', { hasText: 'sent while the page was away' }).waitFor();
    // And it is live again.
    await callApi(web, web.account('owner'), 'POST', '/messages', { type: 'stream', to: 'general', topic: 'restart', content: 'and live after it' });
    await open.page.locator('.message-row', { hasText: 'and live after it' }).waitFor();
    expect(open.errors).toEqual([]);
    await open.context.close();
  });
});
