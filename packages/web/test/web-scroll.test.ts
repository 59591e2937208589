/**
 * The message list of a long narrow in Chromium: scrolling back through a few thousand
 * messages of the combined feed of a generated organization (`--populate`) keeps a bounded
 * window of rows in the DOM, shows every message on the way, and reaches the oldest one.
 * A behaviour test; how smooth it is, is measured by `node bench/web-app.mjs`.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForTests, launchChromium } from '../../../test-support/browser.js';
import { callApi, logIn, openPage, useServerAndBrowser, type WebServer } from './web-test-kit.js';

/** Rows the list keeps in the DOM at most (`MAX_ROWS` of ui/message-list.tsx). */
const MAX_ROWS = 240;

const availability = chromiumForTests('scrolling back through a long narrow in Chromium');

let web: WebServer;
let browser: Browser;

describe.skipIf(availability.skip !== undefined)(
  'scrolling back through a long narrow in Chromium',
  { timeout: 240_000 },
  () => {
    useServerAndBrowser('web-scroll', {
      args: ['--populate', '3000'],
      launch: () => launchChromium(availability.executable ?? ''),
      ready(server, launched) {
        web = server;
        browser = launched;
      },
    });

    it('keeps at most a window of rows, shows every message on the way back, and reaches the oldest', async () => {
      const owner = web.account('owner');
      // Everything read: the feed opens at the newest message.
      await callApi(web, owner, 'POST', '/mark_all_as_read');
      const { messages } = (await callApi(web, owner, 'GET', '/messages', {
        anchor: 'newest',
        num_before: '5000',
        num_after: '0',
        narrow: '[]',
      })) as { messages: { id: number }[] };
      expect(messages.length).toBeGreaterThan(2000);
      const open = await openPage(browser);
      await logIn(web, open, owner);
      await open.page.locator('.message-row').first().waitFor();
      const walk = await open.page.evaluate(async () => {
        const scroller = document.querySelector<HTMLElement>('.message-scroller');
        if (!scroller) throw new Error('no message list');
        const seen = new Set<number>();
        let maxRows = 0;
        const started = performance.now();
        for (;;) {
          const rows = document.querySelectorAll<HTMLElement>('.message-row');
          maxRows = Math.max(maxRows, rows.length);
          for (const row of rows) seen.add(Number(row.dataset['messageId']));
          const done = document.querySelector('.list-edge') !== null && scroller.scrollTop === 0;
          if (done || performance.now() - started > 180_000) break;
          scroller.scrollTop -= 1500;
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        }
        const top = document.querySelector<HTMLElement>('.message-row');
        return {
          seen: [...seen],
          maxRows,
          rowsAtEnd: document.querySelectorAll('.message-row').length,
          first: Number(top?.dataset['messageId'] ?? 0),
          edge: document.querySelector('.list-edge')?.textContent ?? null,
        };
      });
      const ids = messages.map((m) => m.id);
      expect(walk.edge).toBe('The beginning of this conversation.');
      expect(walk.first).toBe(ids[0]);
      expect(walk.maxRows).toBeLessThanOrEqual(MAX_ROWS);
      expect(walk.rowsAtEnd).toBeGreaterThan(0);
      // Every message was in the DOM at some point of the way back.
      const seen = new Set(walk.seen);
      expect(ids.filter((id) => !seen.has(id))).toEqual([]);
      expect(open.errors).toEqual([]);
    });
  },
);
