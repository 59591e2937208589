/**
 * The web app when things go wrong, and the inspector: a server restarted under an open page
 * (the queue is lost: the page registers again, says so and shows what was sent meanwhile), a
 * network failure (a retry banner, not a blank page), and the inspector showing a request a
 * test made and the event it caused, with no secret on the page.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForTests, launchChromium } from '../../../test-support/browser.js';
import { callApi, channelId, logIn, narrow, openPage, useServerAndBrowser, type WebServer } from './web-test-kit.js';

/** Pauses the live view and opens every entry. */
async function setPausedAndOpenAll(page: Page): Promise<void> {
  await page.locator('button', { hasText: 'Pause' }).click();
  await page.evaluate(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>('.journal-summary[aria-expanded="false"]'))
      button.click();
  });
  await page.waitForFunction(() => document.querySelectorAll('.journal-summary[aria-expanded="false"]').length === 0);
}

const availability = chromiumForTests('the web app when things go wrong, and the inspector');

let web: WebServer;
let browser: Browser;
let general: number;

describe.skipIf(availability.skip !== undefined)(
  'the web app when things go wrong, and the inspector',
  { timeout: 60_000 },
  () => {
    useServerAndBrowser('web-resilience', {
      launch: () => launchChromium(availability.executable ?? ''),
      async ready(server, launched) {
        web = server;
        browser = launched;
        general = await channelId(web, 'general');
      },
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
      await callApi(web, web.account('owner'), 'POST', '/messages', {
        type: 'stream',
        to: 'general',
        topic: 'inspected',
        content: 'inspect me',
      });
      await member.page.locator('.message-row', { hasText: 'inspect me' }).waitFor();

      await inspector.page.fill('#journal-filter', 'inspect me');
      const request = inspector.page
        .locator('.journal-entry[data-kind="request"]', { hasText: 'POST /api/v1/messages' })
        .first();
      await request.waitFor();
      expect(await request.textContent()).toContain(web.account('owner').email);
      const requestId = Number(await request.getAttribute('data-id'));
      const event = inspector.page.locator('.journal-entry[data-kind="event"]', { hasText: 'message' }).first();
      await event.waitFor();
      // The event names the request that caused it; following the link highlights it.
      await event.locator('.cause').click();
      await inspector.page.locator(`.journal-entry.highlighted[data-id="${requestId}"]`).waitFor();
      // …and opens it: its parameters and answer.
      const fields = inspector.page.locator(`.journal-entry[data-id="${requestId}"] .journal-fields`);
      expect(await fields.textContent()).toContain('inspect me');
      await inspector.page.fill('#journal-filter', '');

      // A login while the inspector watches: in the journal, its password is "***".
      const guest = await openPage(browser);
      await logIn(web, guest, web.account('guest'));
      await inspector.page.fill('#journal-filter', '/accounts/login');
      const login = inspector.page
        .locator('.journal-entry[data-kind="request"]', { hasText: 'POST /accounts/login' })
        .first();
      await login.waitFor();
      await login.locator('.journal-summary').click();
      expect(await login.locator('.journal-fields').textContent()).toContain('***');
      await inspector.page.fill('#journal-filter', '');
      // Every entry opened: no password or key anywhere on the page.
      await setPausedAndOpenAll(inspector.page);
      const text = (await inspector.page.textContent('body')) ?? '';
      for (const role of ['owner', 'member', 'administrator', 'guest'] as const) {
        expect(text).not.toContain(web.account(role).password);
        expect(text).not.toContain(web.account(role).apiKey);
      }
      expect([...member.errors, ...inspector.errors, ...guest.errors]).toEqual([]);
      await guest.context.close();
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
      await callApi(web, web.account('owner'), 'POST', '/messages', {
        type: 'stream',
        to: 'general',
        topic: 'restart',
        content: 'sent while the page was away',
      });
      await open.page.locator('[data-banner="reloaded"]').waitFor({ timeout: 40_000 });
      await open.page.locator('.message-row', { hasText: 'sent while the page was away' }).waitFor();
      // And it is live again.
      await callApi(web, web.account('owner'), 'POST', '/messages', {
        type: 'stream',
        to: 'general',
        topic: 'restart',
        content: 'and live after it',
      });
      await open.page.locator('.message-row', { hasText: 'and live after it' }).waitFor();
      expect(open.errors).toEqual([]);
      await open.context.close();
    });
  },
);
