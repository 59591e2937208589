#!/usr/bin/env node
// Takes the screenshots of the web app that the READMEs show (docs/images/web-app.png,
// web-app-dark.png, web-inspector.png): the built server in memory on a free port, a few
// conversations written through the API as the demo users, then Chromium logged in as the
// owner. Run after `npm run build`: `node scripts/web-screenshots.mjs` (TEAMCHAT_CHROMIUM
// names another Chromium).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const images = join(root, 'docs/images');
const executablePath = [process.env.TEAMCHAT_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path) => path && existsSync(path),
);
if (!executablePath) throw new Error("no Chromium: install Debian's chromium or set TEAMCHAT_CHROMIUM");

mkdirSync(images, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), 'teamchat-screenshots-'));
const server = spawn(
  process.execPath,
  [join(root, 'packages/server/dist/bin.js'), '--port', '0', '--data', join(dir, 'data.json'), '--quiet'],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
let output = '';
const origin = await new Promise((resolve, reject) => {
  server.stdout.setEncoding('utf8').on('data', (chunk) => {
    output += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(output);
    // The accounts come in more than one chunk: wait for the line after them.
    if (match && /^Try:$/m.test(output)) resolve(match[1]);
  });
  server.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
});

const accounts = {};
for (const match of output.matchAll(/^\s+(\w+)\s+(\S+@\S+)\s+key (\S+)\s+password (\S+)/gm))
  accounts[match[1]] = { email: match[2], key: match[3], password: match[4] };

async function api(role, method, path, params = {}) {
  const { email, key } = accounts[role];
  const response = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: method === 'GET' ? undefined : new URLSearchParams(params),
  });
  const body = await response.json();
  if (body.result !== 'success') throw new Error(`${method} ${path}: ${body.msg}`);
  return body;
}

/** The inspector, after the app's own requests. */
async function inspectorShot(page) {
  await page.goto(`${origin}/inspector/`);
  await page.locator('.journal-entry').first().waitFor();
  await page.waitForTimeout(1500);
  await page
    .locator('.journal-entry[data-kind="request"]', { hasText: 'POST /json/messages/flags' })
    .first()
    .locator('.journal-summary')
    .click()
    .catch(() => {});
  await page.screenshot({ path: join(images, 'web-inspector.png') });
}

const say = (role, to, topic, content) => api(role, 'POST', '/messages', { type: 'stream', to, topic, content });
const react = (role, id, emoji_name) => api(role, 'POST', `/messages/${id}/reactions`, { emoji_name });

try {
  await say(
    'owner',
    'general',
    'launch plan',
    'Morning all! We ship **v2.0** on Friday. Everything about the launch goes in this topic.',
  );
  await say('member', 'general', 'launch plan', 'Release notes draft: https://example.com/notes/v2 (comments welcome)');
  const plan = await say(
    'administrator',
    'general',
    'launch plan',
    'Launch checklist for **Friday**:\n1. Freeze `main` at noon\n2. Staging sign-off from @**Maya Moderator**\n3. Announce in #**general**',
  );
  await react('member', plan.id, 'thumbs_up');
  await react('moderator', plan.id, 'thumbs_up');
  await react('owner', plan.id, 'rocket');
  await say('moderator', 'general', 'launch plan', 'Staging looks good. One flaky test left, fix is in review.');
  const code = await say(
    'member',
    'general',
    'launch plan',
    'The fix, for the curious:\n```ts\nawait queue.drain({ timeoutMs: 5_000 });\n```',
  );
  await react('administrator', code.id, 'eyes');
  await say('guest', 'general', 'launch plan', 'Can guests join the launch call? :smile:');
  await say('member', 'engineering', 'deploys', 'Deploy 43 is rolling out: https://example.com/releases/43');
  await api('member', 'POST', '/messages', {
    type: 'direct',
    to: JSON.stringify([accounts.owner.email]),
    content: 'Do you have five minutes after standup?',
  });
  await api('member', 'POST', '/users/me/status', { status_text: 'On call', emoji_name: 'pager' }).catch(() =>
    api('member', 'POST', '/users/me/status', { status_text: 'On call' }),
  );

  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  for (const [scheme, file] of [
    ['dark', 'web-app-dark.png'],
    ['light', 'web-app.png'],
  ]) {
    const context = await browser.newContext({
      viewport: { width: 1400, height: 820 },
      colorScheme: scheme,
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await page.goto(`${origin}/login/`);
    await page.fill('#login-email', accounts.owner.email);
    await page.fill('#login-password', accounts.owner.password);
    await page.click('.login-form button[type=submit]');
    await page.waitForSelector('.left-sidebar .channel-link');
    const { stream_id: general } = await api('owner', 'GET', '/get_stream_id?stream=general');
    await page.evaluate((id) => (location.hash = `#narrow/channel/${id}-general/topic/launch.20plan`), general);
    await page.locator('.message-row', { hasText: 'guests join' }).waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(images, file) });
    if (scheme === 'light') await inspectorShot(page);
    await context.close();
  }
  await browser.close();
  process.stdout.write(`screenshots written to ${images}\n`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
