/**
 * The web app in Chromium against the built reference server: logging in with the printed
 * password and out, a message live in a second user's page with its unread count, reading
 * it, a reaction, an edit, a delete and an upload, a search narrow and a DM.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForTests, launchChromium } from '../../../test-support/browser.js';
import {
  callApi,
  logIn,
  narrow,
  openPage,
  sidebarCount,
  type OpenPage,
  useServerAndBrowser,
  type WebServer,
} from './web-test-kit.js';

const availability = chromiumForTests('the web app in Chromium');

let web: WebServer;
let browser: Browser;
let owner: OpenPage;
let member: OpenPage;
let channels: { general: number; engineering: number };

describe.skipIf(availability.skip !== undefined)('the web app in Chromium', { timeout: 60_000 }, () => {
  useServerAndBrowser('web', {
    launch: () => launchChromium(availability.executable ?? ''),
    async ready(server, launched) {
      web = server;
      browser = launched;
      const streams = (await callApi(web, web.account('owner'), 'GET', '/streams')) as {
        streams: { stream_id: number; name: string }[];
      };
      const id = (name: string) => streams.streams.find((s) => s.name === name)?.stream_id ?? 0;
      channels = { general: id('general'), engineering: id('engineering') };
    },
  });

  it('sends a visitor to the login page, logs in with the owner password the server printed, keeps no secret in storage, and logs out', async () => {
    const open = await openPage(browser);
    const { page } = open;
    await page.goto(`${web.url}/`);
    await page.waitForURL(/\/login\/$/);
    await page.fill('#login-email', web.account('owner').email);
    await page.fill('#login-password', 'not the password');
    await page.click('.login-form button[type=submit]');
    await expect
      .poll(() => page.locator('.login-form .form-error').textContent())
      .toMatch(/password|credentials|incorrect/i);

    await logIn(web, open, web.account('owner'));
    expect(await page.textContent('.brand-name')).toBe('Teamchat Demo');
    const storage = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
    );
    expect(storage).not.toContain(web.account('owner').apiKey);
    expect(storage).not.toContain(web.account('owner').password);
    expect(storage).not.toContain('sessionid');

    await page.click('.user-menu-button');
    await page.click('[data-action="logout"]');
    await page.waitForURL(/\/login\/$/);
    // The session ended on the server: the API refuses the cookie, and the app sends the page to the login again.
    expect(await page.evaluate(async () => (await fetch('/json/users/me')).status)).toBe(401);
    await page.goto(`${web.url}/`);
    await page.waitForURL(/\/login\/$/);
    expect(open.errors).toEqual([]);
    await open.context.close();
  });

  it('shows a message live in a second user page, with unread counts that drop when it is read', async () => {
    owner = await openPage(browser);
    member = await openPage(browser);
    await logIn(web, owner, web.account('owner'));
    await logIn(web, member, web.account('member'));
    await narrow(member.page, `#narrow/channel/${channels.engineering}-engineering`);
    // From nothing unread (the combined feed the page opened on marks what it shows as read, a moment later).
    await callApi(web, web.account('member'), 'POST', '/mark_all_as_read');
    await expect.poll(() => sidebarCount(member.page, '.views .sidebar-link', 'Combined feed')).toBe(0);
    const generalBefore = 0;
    const feedBefore = 0;

    await narrow(owner.page, `#narrow/channel/${channels.general}-general`);
    await owner.page.keyboard.press('c');
    await owner.page.fill('.topic-input', 'live');
    await owner.page.fill('.compose-content', 'Hello from the **owner**');
    await owner.page.keyboard.press('Enter');
    await owner.page.locator('.message-row', { hasText: 'Hello from the owner' }).waitFor();

    await expect.poll(() => sidebarCount(member.page, '.channel-link', 'general')).toBe(generalBefore + 1);
    expect(await sidebarCount(member.page, '.views .sidebar-link', 'Combined feed')).toBe(feedBefore + 1);

    // Reading the topic marks it read: the counts drop everywhere.
    await member.page.click(`.channel-link:has-text("general")`);
    await member.page.locator('.topic-link', { hasText: 'live' }).click();
    await member.page.locator('.message-row', { hasText: 'Hello from the owner' }).waitFor();
    await expect.poll(() => sidebarCount(member.page, '.channel-link', 'general')).toBe(generalBefore);
    expect(await sidebarCount(member.page, '.views .sidebar-link', 'Combined feed')).toBe(feedBefore);

    // With the topic open, the next message joins the list without a reload.
    await owner.page.fill('.compose-content', 'and a second one');
    await owner.page.keyboard.press('Enter');
    await member.page.locator('.message-row', { hasText: 'and a second one' }).waitFor();
    expect(member.errors).toEqual([]);
  });

  it('reacts, edits, deletes and uploads, and the other page sees each change live', async () => {
    const mine = owner.page.locator('.message-row', { hasText: 'and a second one' });
    const theirs = member.page.locator('.message-row', { hasText: 'and a second one' });
    await mine.click();
    await mine.locator('[aria-label="Add a reaction"]').click();
    await owner.page.locator('.emoji-choice[aria-label="thumbs up"]').click();
    await theirs.locator('.reaction .reaction-count').waitFor();
    expect(await theirs.locator('.reaction .reaction-count').textContent()).toBe('1');
    // The member's click adds theirs to it.
    await theirs.locator('.reaction').click();
    await mine.locator('.reaction .reaction-count', { hasText: '2' }).waitFor();

    await owner.page.keyboard.press('e');
    const editor = owner.page.locator('.message-editor textarea');
    await expect.poll(() => editor.inputValue()).toBe('and a second one');
    await editor.fill('and a second one, edited');
    await owner.page.keyboard.press('Enter');
    await theirs.locator('.edited').waitFor();
    expect(await theirs.locator('.message-content').textContent()).toBe('and a second one, edited');

    await mine.click();
    await mine.locator('[aria-label="Delete"]').click();
    await owner.page.locator('.inline-confirm .danger').click();
    await theirs.waitFor({ state: 'detached' });

    // An image by the file picker: a link in the compose box, a preview in both pages.
    await owner.page.keyboard.press('r');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await owner.page.setInputFiles('#compose-file', { name: 'dot.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => owner.page.inputValue('.compose-content'))
      .toMatch(/^\[dot\.png\]\(\/user_uploads\/\S+\/dot\.png\)$/m);
    await owner.page.focus('.compose-content');
    await owner.page.keyboard.press('Enter');
    const preview = member.page.locator('.message_inline_image img').last();
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect([...owner.errors, ...member.errors]).toEqual([]);
  });

  it('searches with the narrow syntax', async () => {
    const { page } = owner;
    await page.fill('#search-input', 'channel:engineering has:link');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash.startsWith('#narrow/channel/'));
    await page.locator('.message-row', { hasText: 'Release notes' }).waitFor();
    const texts = await page.locator('.message-content').allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/https?:\/\//);
    expect(await page.textContent('#narrow-title')).toContain('has:link');

    await page.fill('#search-input', 'deploy');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#narrow/search/deploy');
    await page.locator('.message-row', { hasText: 'deploy' }).first().waitFor();
    expect(await page.locator('.message-content .highlight').count()).toBeGreaterThan(0);
  });

  it('sends a DM from the people list; the other user sees it with its count, which drops once read', async () => {
    await narrow(member.page, `#narrow/channel/${channels.engineering}-engineering`);
    await owner.page.locator('.user-button', { hasText: 'Mike Member' }).click();
    await owner.page.fill('.compose-content', 'a direct hello');
    await owner.page.keyboard.press('Enter');
    await owner.page.locator('.message-row', { hasText: 'a direct hello' }).waitFor();
    expect(await owner.page.textContent('#narrow-title')).toBe('Direct messages with Mike Member');

    await expect.poll(() => sidebarCount(member.page, '.dm-list .sidebar-link', 'Olivia Owner')).toBe(1);
    await member.page.locator('.dm-list .sidebar-link', { hasText: 'Olivia Owner' }).click();
    await member.page.locator('.message-row', { hasText: 'a direct hello' }).waitFor();
    await expect.poll(() => sidebarCount(member.page, '.dm-list .sidebar-link', 'Olivia Owner')).toBe(0);
    expect([...owner.errors, ...member.errors]).toEqual([]);
  });

  it('uploads an avatar in personal settings: others see it on their messages and in the people list, until they go back to the default', async () => {
    await callApi(web, web.account('member'), 'POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'faces',
      content: 'my new face',
    });
    await narrow(owner.page, `#narrow/channel/${channels.general}-general/topic/faces`);
    const row = owner.page.locator('.message-row', { hasText: 'my new face' });
    const person = owner.page.locator('.user-button', { hasText: 'Mike Member' });
    await row.locator('.avatar-initials').waitFor();
    expect(await person.locator('.avatar-initials').count()).toBe(1);

    const { page } = member;
    await page.evaluate(() => (location.hash = '#settings'));
    await page.locator('#settings-title').waitFor();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.setInputFiles('#settings-avatar-file', { name: 'face.png', mimeType: 'image/png', buffer: png });
    await page.locator('.form-ok', { hasText: 'Avatar uploaded.' }).waitFor();
    // The image is served by this server and shows, in their own settings and in the owner's page.
    const loaded = (img: HTMLImageElement) => img.complete && img.naturalWidth === 1 && new URL(img.src).pathname;
    const path = /^\/user_avatars\/\d+\/\d+\.png$/;
    await expect.poll(() => page.locator('.page img.avatar').evaluate(loaded)).toMatch(path);
    await expect.poll(() => row.locator('img.avatar').evaluate(loaded)).toMatch(path);
    await expect.poll(() => person.locator('img.avatar').evaluate(loaded)).toMatch(path);

    await page.locator('button', { hasText: 'Use the default avatar' }).click();
    await page.locator('.form-ok', { hasText: 'Back to the default avatar.' }).waitFor();
    await row.locator('.avatar-initials').waitFor();
    await person.locator('.avatar-initials').waitFor();
    expect(await page.locator('button', { hasText: 'Use the default avatar' }).count()).toBe(0);
    expect([...owner.errors, ...member.errors]).toEqual([]);
  });

  it('on a narrow screen, keeps the channels one button away: the sidebar opens over the messages and closes on a pick', async () => {
    const { page } = member;
    await page.setViewportSize({ width: 700, height: 820 });
    try {
      const sidebar = page.locator('#left-sidebar');
      await sidebar.waitFor({ state: 'hidden' });
      await page.click('.sidebar-toggle');
      expect(await page.getAttribute('.sidebar-toggle', 'aria-expanded')).toBe('true');
      await sidebar.locator('.channel-link', { hasText: 'general' }).click();
      await page.waitForFunction((id) => location.hash.startsWith(`#narrow/channel/${id}-`), channels.general);
      await sidebar.waitFor({ state: 'hidden' });
      expect(await page.getAttribute('.sidebar-toggle', 'aria-expanded')).toBe('false');
    } finally {
      await page.setViewportSize({ width: 1400, height: 860 });
    }
    expect(member.errors).toEqual([]);
  });
});
