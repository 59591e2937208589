/**
 * The web app against hostile content and bad input, and for everyone: message HTML that
 * tries to run script never runs (safe insertion, and the page's Content-Security-Policy), a
 * 5 MB paste is refused with the server's error in the page, axe-core finds no serious or
 * critical violation on the main pages (light and dark), and every control is reachable
 * from the keyboard, with the real web app's keys.
 */
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForTests, launchChromium } from '../../../test-support/browser.js';
import { callApi, channelId, logIn, narrow, openPage, useServerAndBrowser, type WebServer } from './web-test-kit.js';

const availability = chromiumForTests('the web app against hostile content, and its accessibility');
/** axe-core's own source, evaluated in each page. */
const AXE_SOURCE = axe.source;

let web: WebServer;
let browser: Browser;
let general: number;

/** Runs axe-core in the page (evaluated by the driver: the page's CSP allows no injected script tag). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.join('; ')})`);
}

describe.skipIf(availability.skip !== undefined)(
  'the web app against hostile content, and its accessibility',
  { timeout: 60_000 },
  () => {
    useServerAndBrowser('web-safety', {
      launch: () => launchChromium(availability.executable ?? ''),
      async ready(server, launched) {
        web = server;
        browser = launched;
        general = await channelId(web, 'general');
      },
    });

    it('never runs script from message HTML: the server escapes it, the page drops it, the CSP forbids it', async () => {
      const open = await openPage(browser);
      const { page } = open;
      const response = await page.goto(`${web.url}/login/`);
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
      await logIn(web, open, web.account('member'));
      // Raw HTML in Markdown: the server renders it as text.
      await callApi(web, web.account('owner'), 'POST', '/messages', {
        type: 'stream',
        to: 'general',
        topic: 'hostile',
        content: '<img src=x onerror="window.pwned=1"> <script>window.pwned=2</script>',
      });
      // HTML as a hostile server (or a bug) would send it: the page must neither run nor keep it.
      const hostile =
        '<p>hostile <img src="x" onerror="window.pwned=3"><script>window.pwned=4</script>' +
        '<a href="javascript:window.pwned=5">click</a><iframe srcdoc="<script>parent.pwned=6</script>"></iframe>' +
        '<svg><script>window.pwned=7</script></svg><span onmouseover="window.pwned=8">hover</span></p>';
      await page.route('**/json/messages?*', async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { messages?: { content: string }[] };
        for (const message of body.messages ?? []) if (message.content.includes('onerror')) message.content = hostile;
        await route.fulfill({ response: answer, json: body });
      });
      await narrow(page, `#narrow/channel/${general}-general/topic/hostile`);
      const content = page.locator('.message-content', { hasText: 'hostile' }).first();
      await content.waitFor();
      await content.locator('a', { hasText: 'click' }).click();
      await content.locator('span', { hasText: 'hover' }).hover();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(
        await page
          .locator(
            '.message-scroller script, .message-scroller iframe, .message-scroller svg, .message-scroller [onerror], .message-scroller [onmouseover]',
          )
          .count(),
      ).toBe(0);
      expect(await content.locator('a').getAttribute('href')).toBeNull();
      // An inline handler would not run anyway: the CSP refuses it (and reports it to the console).
      const blocked = await page.evaluate(() => {
        const probe = document.createElement('img');
        probe.setAttribute('onerror', 'window.pwned=9');
        probe.src = 'data:,not-an-image';
        document.body.append(probe);
        return new Promise((resolve) =>
          setTimeout(() => resolve((window as unknown as { pwned?: number }).pwned), 300),
        );
      });
      expect(blocked).toBeUndefined();
      await open.context.close();
    });

    it('refuses a 5 MB paste with the server error in the compose box, and sends nothing', async () => {
      const open = await openPage(browser);
      const { page } = open;
      await logIn(web, open, web.account('member'));
      await narrow(page, `#narrow/channel/${general}-general/topic/paste`);
      await page.click('.compose-reply');
      await page.locator('.compose-content').evaluate((area: HTMLTextAreaElement) => {
        const transfer = new DataTransfer();
        transfer.setData('text/plain', 'x'.repeat(5 * 1024 * 1024 + 1));
        area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
        // A synthetic paste does not insert the text: do what the browser would.
        area.value = transfer.getData('text/plain');
        area.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await page.keyboard.press('Enter');
      const error = page.locator('.compose .form-error');
      await error.waitFor();
      expect(await error.textContent()).toMatch(/Request body too large/);
      expect(await page.locator('.message-row').count()).toBe(0);
      await open.context.close();
    });

    it('has no serious or critical accessibility violation on the main pages, light and dark', async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const open = await openPage(browser, { colorScheme });
        const { page } = open;
        await page.goto(`${web.url}/login/`);
        await page.locator('.login-form').waitFor();
        const found: string[] = (await seriousViolations(page)).map((v) => `login: ${v}`);
        await logIn(web, open, web.account('owner'));
        await narrow(page, `#narrow/channel/${general}-general`);
        await page.keyboard.press('ArrowUp');
        found.push(...(await seriousViolations(page)).map((v) => `channel: ${v}`));
        await page.keyboard.press('c');
        await page.locator('.compose-content').waitFor();
        found.push(...(await seriousViolations(page)).map((v) => `compose: ${v}`));
        for (const hash of ['#settings', '#organization']) {
          await page.evaluate((value) => (location.hash = value), hash);
          await page.locator('.page h1').waitFor();
          found.push(...(await seriousViolations(page)).map((v) => `${hash}: ${v}`));
        }
        await page.goto(`${web.url}/inspector/`);
        await page.locator('.journal-entry').first().waitFor();
        await page.locator('.journal-summary').first().click();
        found.push(...(await seriousViolations(page)).map((v) => `inspector: ${v}`));
        expect(found, colorScheme).toEqual([]);
        await open.context.close();
      }
    });

    it('reaches every control from the keyboard, and knows the real web app keys', async () => {
      const open = await openPage(browser);
      const { page } = open;
      await logIn(web, open, web.account('owner'));
      await narrow(page, `#narrow/channel/${general}-general`);
      // Tab from the top of the page through to where it started: every visible control gets the focus once.
      const controls = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')]
          .filter(
            (el) =>
              el.tabIndex >= 0 &&
              !(el as HTMLButtonElement).disabled &&
              el.getClientRects().length > 0 &&
              getComputedStyle(el).visibility !== 'hidden',
          )
          .map((el, index) => {
            el.dataset['probe'] = String(index);
            return index;
          }),
      );
      const reached = new Set<string>();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      for (let i = 0; i < controls.length + 5; i++) {
        await page.keyboard.press('Tab');
        const probe = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['probe']);
        if (probe !== undefined) reached.add(probe);
      }
      expect(controls.length).toBeGreaterThan(10);
      expect([...reached].length).toBe(controls.length);

      // The keys: arrows select a message, its actions are then in the tab order; r replies, Esc closes, x opens a DM, c a new topic.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('ArrowUp');
      const selected = page.locator('.message-row.selected');
      await selected.waitFor();
      expect(await selected.locator('button[aria-label="Add a reaction"]').getAttribute('tabindex')).toBe('0');
      await page.keyboard.press('r');
      await page.locator('.compose-content:focus').waitFor();
      expect(await page.inputValue('.topic-input')).not.toBe('');
      await page.keyboard.press('Escape');
      await page.locator('.compose').waitFor({ state: 'detached' });
      await page.keyboard.press('x');
      await page.locator('.chip-input:focus').waitFor();
      await page.keyboard.press('Escape');
      await page.keyboard.press('c');
      await page.locator('.topic-input:focus').waitFor();
      await page.keyboard.press('Escape');
      await page.keyboard.press('/');
      await page.locator('#search-input:focus').waitFor();
      expect(open.errors).toEqual([]);
      await open.context.close();
    });
  },
);
