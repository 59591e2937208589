#!/usr/bin/env node
// The web app's figures (issue 24), measured in Chromium against the built server:
//   - the page's JavaScript, minified and gzipped (budget 100 KB);
//   - first paint of a 1,000-message channel on a store of 100,000 messages (target 1 s):
//     a fresh page load of `/#narrow/channel/<id>-…` until the frame after the message list's
//     first render (the Performance API mark `teamchat:first-list-painted`, from navigation
//     start), beside the browser's own first-contentful-paint;
//   - a scripted scroll back through 10,000 messages of #general as their sender (200 px a frame, older
//     messages fetched by anchor as the app does), with the longest frame (target: none
//     over 50 ms) from requestAnimationFrame timestamps and Chromium's long-animation-frame
//     entries.
// `node bench/web-app.mjs [--messages N] [--runs N]`; `npm run bench` runs it after the
// server's scenarios unless `--only` leaves it out. Exits 1 when a target is missed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startNode } from './processes.mjs';
import { SERVER_BIN, seedDataFile } from './targets.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STATIC = join(ROOT, 'packages/web/dist/static');
const KB = 1024;
export const WEB_TARGETS = { scriptGzipBytes: 100 * KB, firstPaintMs: 1000, longestFrameMs: 50 };
const CHROMIUM = [
  process.env['TEAMCHAT_CHROMIUM'],
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].find((path) => path && existsSync(path));

/** The app's files in dist/static, raw and gzipped. */
export function measureWebAssets() {
  if (!existsSync(STATIC)) throw new Error('the web app is not built (no packages/web/dist); run npm run build');
  return readdirSync(STATIC)
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => {
      const bytes = readFileSync(join(STATIC, name));
      return { name, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
}

async function api(origin, account, method, path, params = {}) {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${account.email}:${account.key}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: method === 'GET' ? undefined : new URLSearchParams(params),
  });
  const body = await response.json();
  if (body.result !== 'success') throw new Error(`${method} ${path}: ${body.msg}`);
  return body;
}

function zuliprc(dir, role) {
  const text = readFileSync(join(dir, `zuliprc-${role}`), 'utf8');
  return { email: /^email=(.+)$/m.exec(text)[1], key: /^key=(.+)$/m.exec(text)[1] };
}

/** A channel `web-bench` with 1,000 messages (sent by the member, so unread for the owner). */
async function seedBenchChannel(origin, member, owner) {
  await api(origin, owner, 'POST', '/users/me/subscriptions', {
    subscriptions: JSON.stringify([{ name: 'web-bench' }]),
    principals: JSON.stringify([owner.email, member.email]),
  });
  for (let sent = 0; sent < 1000; sent += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(origin, member, 'POST', '/messages', {
          type: 'stream',
          to: 'web-bench',
          topic: `topic ${Math.floor((sent + i) / 100)}`,
          content: `Bench message **${sent + i}** with a [link](https://example.com/${sent + i}) and \`code\`.`,
        }),
      ),
    );
  }
  const { stream_id } = await api(origin, owner, 'GET', '/get_stream_id?stream=web-bench');
  return stream_id;
}

/** Logs a page in with the development server's one-click login. */
async function logIn(page, origin, email) {
  await page.goto(`${origin}/login/`);
  const status = await page.evaluate(async (address) => {
    const token = /csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const answer = await fetch('/accounts/login/local/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': token },
      body: new URLSearchParams({ direct_email: address }),
    });
    return answer.status;
  }, email);
  if (status !== 200) throw new Error(`dev login of ${email} answered ${status}`);
}

async function firstPaint(browser, origin, owner, channelId) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await logIn(page, origin, owner.email);
  await page.goto(`${origin}/#narrow/channel/${channelId}-web-bench`);
  await page.waitForFunction(() => performance.getEntriesByName('teamchat:first-list-painted').length > 0, null, {
    timeout: 30_000,
  });
  const figures = await page.evaluate(() => ({
    listMs: performance.getEntriesByName('teamchat:first-list-painted')[0].startTime,
    fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    rows: document.querySelectorAll('.message-row').length,
  }));
  await context.close();
  return figures;
}

async function scrollBack(browser, origin, owner, messages) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await logIn(page, origin, owner.email);
  const { stream_id } = await api(origin, owner, 'GET', '/get_stream_id?stream=general');
  await page.goto(`${origin}/#narrow/channel/${stream_id}-general`);
  await page.waitForSelector('.message-row');
  await page.waitForTimeout(500);
  return page.evaluate(async (wanted) => {
    const scroller = document.querySelector('.message-scroller');
    const idOf = (element) => Number(element?.dataset.messageId ?? 0);
    const newest = Math.max(...[...document.querySelectorAll('.message-block')].map(idOf));
    const longFrames = [];
    let observer = null;
    if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
      observer = new PerformanceObserver((list) => longFrames.push(...list.getEntries().map((e) => e.duration)));
      observer.observe({ type: 'long-animation-frame', buffered: false });
    }
    const started = performance.now();
    let last = started;
    let longest = 0;
    let frames = 0;
    let reached = 0;
    await new Promise((resolve, reject) => {
      const step = (now) => {
        longest = Math.max(longest, now - last);
        last = now;
        frames += 1;
        scroller.scrollTop -= 200;
        // The row at the top of the list (one hit test, no layout of every row).
        const box = scroller.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + 24)?.closest('.message-block');
        if (top) reached = Math.max(reached, newest - idOf(top));
        if (reached >= wanted) resolve();
        else if (now - started > 360_000) {
          const ids = [...document.querySelectorAll('.message-block')].map(idOf);
          reject(
            new Error(
              `scrolled back through only ${reached} messages in 6 minutes (scrollTop ${scroller.scrollTop} of ${scroller.scrollHeight}, rows ${ids[0]}…${ids.at(-1)}, newest ${newest})`,
            ),
          );
        } else requestAnimationFrame(step);
      };
      requestAnimationFrame((now) => {
        last = now;
        requestAnimationFrame(step);
      });
    });
    observer?.disconnect();
    return {
      messages: reached,
      seconds: (performance.now() - started) / 1000,
      frames,
      longestFrameMs: longest,
      longAnimationFrames: longFrames.length,
      longestAnimationFrameMs: Math.max(0, ...longFrames),
      rowsInDom: document.querySelectorAll('.message-row').length,
    };
  }, messages);
}

/** Measures everything above; `log` gets progress lines. */
export async function measureWebApp({ messages = 100_000, runs = 3, log = () => {} } = {}) {
  const assets = measureWebAssets();
  const result = {
    assets,
    scriptGzip: assets.filter((a) => a.name.endsWith('.js')).reduce((sum, a) => sum + a.gzip, 0),
    firstPaint: [],
    scroll: null,
    problems: [],
  };
  if (result.scriptGzip > WEB_TARGETS.scriptGzipBytes)
    result.problems.push(
      `page JS ${(result.scriptGzip / KB).toFixed(1)} KB gzipped, over ${WEB_TARGETS.scriptGzipBytes / KB} KB`,
    );
  if (!CHROMIUM) {
    result.problems.push('no Chromium (set TEAMCHAT_CHROMIUM): first paint and scrolling not measured');
    return result;
  }
  const dir = await mkdtemp(join(os.tmpdir(), 'teamchat-web-bench-'));
  const children = [];
  let browser;
  try {
    log(`seeding ${messages} messages`);
    const { dataFile } = await seedDataFile(dir, 'data.json', messages, (child) => children.push(child));
    const server = await startNode({
      label: 'teamchat-server',
      script: SERVER_BIN,
      args: ['--port', '0', '--data', dataFile, '--quiet', '--rate-limit', 'off', '--dev'],
      ready: /listening on (http:\/\/\S+)/,
    });
    children.push(server);
    const origin = server.match[1];
    for (let i = 0; i < 50 && !existsSync(join(dir, 'zuliprc-bot')); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const owner = zuliprc(dir, 'owner');
    const member = zuliprc(dir, 'member');
    log('seeding a 1,000-message channel through the API');
    const channelId = await seedBenchChannel(origin, member, owner);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    for (let run = 0; run < runs; run++) {
      result.firstPaint.push(await firstPaint(browser, origin, owner, channelId));
      log(`first paint run ${run + 1}: ${result.firstPaint.at(-1).listMs.toFixed(0)} ms`);
    }
    log(`scrolling back through ${Math.min(10_000, messages - 100)} messages`);
    // As the member, who sent the seeded messages, with the demo's few unread ones read too:
    // the list opens at the newest message.
    await api(origin, member, 'POST', '/mark_all_as_read');
    result.scroll = await scrollBack(browser, origin, member, Math.min(10_000, messages - 100));
    const worstPaint = Math.max(...result.firstPaint.map((f) => f.listMs));
    if (worstPaint > WEB_TARGETS.firstPaintMs)
      result.problems.push(`first paint ${worstPaint.toFixed(0)} ms, over ${WEB_TARGETS.firstPaintMs} ms`);
    if (result.scroll.longestFrameMs > WEB_TARGETS.longestFrameMs)
      result.problems.push(
        `longest frame while scrolling ${result.scroll.longestFrameMs.toFixed(1)} ms, over ${WEB_TARGETS.longestFrameMs} ms`,
      );
  } finally {
    await browser?.close();
    await Promise.allSettled(children.map((child) => child.stop?.()));
    await rm(dir, { recursive: true, force: true });
  }
  return result;
}

/** The table `npm run bench` prints. */
export function formatWebReport(result) {
  const lines = ['', 'Web app (packages/web, Chromium)', ''];
  for (const asset of result.assets)
    lines.push(
      `  ${asset.name.padEnd(28)} ${(asset.bytes / KB).toFixed(1).padStart(7)} KB  ${(asset.gzip / KB).toFixed(1).padStart(6)} KB gzipped`,
    );
  lines.push(
    `  page JS gzipped: ${(result.scriptGzip / KB).toFixed(1)} KB (target ≤ ${WEB_TARGETS.scriptGzipBytes / KB} KB)`,
  );
  for (const [i, paint] of result.firstPaint.entries()) {
    lines.push(
      `  first paint of a 1,000-message channel, run ${i + 1}: ${paint.listMs.toFixed(0)} ms (first contentful paint ${paint.fcpMs?.toFixed(0) ?? '?'} ms; ${paint.rows} rows) (target ≤ ${WEB_TARGETS.firstPaintMs} ms)`,
    );
  }
  if (result.scroll) {
    const s = result.scroll;
    lines.push(
      `  scroll back through ${s.messages} messages: ${s.seconds.toFixed(1)} s, ${s.frames} frames, longest frame ${s.longestFrameMs.toFixed(1)} ms (target ≤ ${WEB_TARGETS.longestFrameMs} ms); ` +
        `${s.longAnimationFrames} long animation frames (longest ${s.longestAnimationFrameMs.toFixed(1)} ms); ${s.rowsInDom} rows in the DOM at the end`,
    );
  }
  for (const problem of result.problems) lines.push(`  MISSED: ${problem}`);
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const index = args.indexOf(name);
    return index === -1 ? fallback : Number(args[index + 1]);
  };
  measureWebApp({
    messages: option('--messages', 100_000),
    runs: option('--runs', 3),
    log: (line) => process.stderr.write(`[bench web] ${line}\n`),
  })
    .then((result) => {
      process.stdout.write(formatWebReport(result));
      process.exitCode = result.problems.length > 0 ? 1 : 0;
    })
    .catch((error) => {
      process.stderr.write(`${error.stack ?? error.message}\n`);
      process.exitCode = 1;
    });
}
