/**
 * `@teamchat/mock/browser` in a real browser (headless Chromium), as the README's "In a
 * browser" section says: `msw init public/ --save` without a terminal, the README's code
 * bundled by esbuild from the built packages, MSW's service worker answering for the mock.
 * With `TEAMCHAT_MSW=3` (the Node 22 run of CI) the page and the worker script come from
 * MSW 3 (node_modules/msw3, linked by .ci/install-msw3) instead of MSW 2.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundlePage,
  chromiumForTests,
  launchBrowser,
  readmeCodeBlock,
  serveStatic,
  type StaticServer,
  type TestBrowser,
} from '../../../test-support/browser.js';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';

const availability = chromiumForTests('the mock in Chromium');
const MSW_PACKAGE = process.env['TEAMCHAT_MSW'] === '3' ? 'msw3' : 'msw';

let dir: string;
let pages: StaticServer;
let browser: TestBrowser;

describe.skipIf(availability.skip !== undefined)(
  `the mock's service worker in Chromium (README "In a browser", ${MSW_PACKAGE})`,
  { timeout: 60_000 },
  () => {
    beforeAll(async () => {
      assertFreshBuilds();
      dir = mkdtempSync(join(tmpdir(), 'teamchat-mock-browser-'));
      writeFileSync(
        join(dir, 'package.json'),
        `${JSON.stringify({ name: 'mock-in-a-page', private: true }, null, 2)}\n`,
      );
      browser = await launchBrowser(availability.executable ?? '');
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await pages?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('`msw init public/ --save` installs the worker script without asking, with no terminal', () => {
      // What `npx msw init public/ --save` runs, from this repository's install (no download).
      const cli = join(REPO_ROOT, 'node_modules', MSW_PACKAGE, 'cli', 'index.js');
      const result = spawnSync(process.execPath, [cli, 'init', 'public/', '--save'], {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      });
      expect(result.stderr).not.toMatch(/ExitPromptError|Error/);
      expect(result.status).toBe(0);
      expect(existsSync(join(dir, 'public', 'mockServiceWorker.js'))).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).toMatchObject({
        msw: { workerDirectory: ['public'] },
      });
    });

    it('answers the README code from the page: users listed, a message sent, nothing on the network', async () => {
      const publicDir = join(dir, 'public');
      expect(existsSync(join(publicDir, 'mockServiceWorker.js'))).toBe(true);
      writeFileSync(
        join(publicDir, 'index.html'),
        '<!doctype html><title>teamchat mock</title><link rel="icon" href="data:,"><script type="module" src="./app.js"></script>',
      );
      await bundlePage(
        readmeCodeBlock('packages/mock/README.md', '## In a browser'),
        join(publicDir, 'app.js'),
        MSW_PACKAGE === 'msw' ? {} : { msw: MSW_PACKAGE },
      );
      pages = await serveStatic(publicDir);
      const { page, lines, waitForLine } = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      const listed = waitForLine(/^\d+ users$/);
      const sent = waitForLine(/^sent message \d+$/);
      await page.goto(`http://127.0.0.1:${pages.port}/`);
      expect((await listed).text()).toBe('6 users');
      await sent;
      expect(lines.filter((line) => /^(error|pageerror|warning):/.test(line))).toEqual([]);
      // The API calls went to the mock's origin and were answered by the worker.
      expect(requests.some((url) => url.startsWith('http://teamchat.test/api/v1/users'))).toBe(true);
      await page.close();
    });
  },
);
