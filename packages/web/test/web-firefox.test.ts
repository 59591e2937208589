/**
 * A smoke test of the web app in Firefox (Debian's firefox-esr), driven through WebDriver
 * BiDi by puppeteer-core: log in, see the organization, send a message and see it arrive
 * from the event queue. Skips, saying so, without a Firefox (`TEAMCHAT_FIREFOX=/path` names one).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, type WebServer } from './web-test-kit.js';

const FIREFOX = [process.env['TEAMCHAT_FIREFOX'], '/usr/bin/firefox-esr', '/usr/bin/firefox'].find(
  (path) => path && existsSync(path),
);
if (!FIREFOX)
  process.stderr.write(
    '\n[browser tests] SKIPPED the web app in Firefox: no Firefox at /usr/bin/firefox-esr or /usr/bin/firefox (apt-get install firefox-esr, or set TEAMCHAT_FIREFOX).\n',
  );

let web: WebServer;
let browser: Browser;

describe.skipIf(!FIREFOX)('the web app in Firefox (WebDriver BiDi)', { timeout: 60_000 }, () => {
  useServerAndBrowser('web-firefox', {
    launch: (dir) =>
      puppeteer.launch({
        browser: 'firefox',
        executablePath: FIREFOX ?? '',
        headless: true,
        userDataDir: join(dir, 'profile'),
      }),
    ready(server, launched) {
      web = server;
      browser = launched;
    },
  });

  it('logs in, shows the channels, and sends a message that comes back as an event', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${web.url}/login/`);
    await page.waitForSelector('#login-email');
    const owner = web.account('owner');
    await page.type('#login-email', owner.email);
    await page.type('#login-password', owner.password);
    await page.click('.login-form button[type=submit]');
    await page.waitForSelector('.left-sidebar .channel-link');
    expect(await page.$eval('.brand-name', (el) => el.textContent)).toBe('Teamchat Demo');
    await page.keyboard.press('c');
    await page.waitForSelector('.topic-input');
    await page.type('.topic-input', 'firefox');
    await page.type('.compose-content', 'Hello from Firefox');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => [...document.querySelectorAll('.message-content')].some((el) => el.textContent === 'Hello from Firefox'),
      { timeout: 20_000 },
    );
    expect(errors).toEqual([]);
  });
});
