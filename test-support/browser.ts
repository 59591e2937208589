/**
 * What the browser tests need: a Chromium (Debian's, driven by playwright-core), pages
 * bundled by esbuild from the built ESM packages as an app would bundle them, a static file
 * server with an optional same-origin proxy of `/api/`, and the README code blocks the pages
 * run as written.
 *
 * Without a Chromium the tests skip and say so; with `TEAMCHAT_REQUIRE_BROWSER=1` (CI) a
 * missing Chromium fails them instead.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { REPO_ROOT } from './fresh-build.js';

/** Where a Chromium is looked for, after `TEAMCHAT_CHROMIUM`. */
const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** The flags this machine needs (no GPU, no network beyond loopback, no background services). */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium the browser tests run, or why they cannot. */
export type BrowserAvailability =
  | { readonly executable: string; readonly skip?: undefined }
  | { readonly executable?: undefined; readonly skip: string };

/**
 * Finds a Chromium: `TEAMCHAT_CHROMIUM`, then the usual paths. Without one, the tests skip
 * with a line saying so, unless `TEAMCHAT_REQUIRE_BROWSER=1` (set by CI), which makes the
 * missing browser an error.
 *
 * @throws {Error} when no Chromium is found and one is required.
 */
export function chromiumForTests(suite: string): BrowserAvailability {
  const configured = process.env['TEAMCHAT_CHROMIUM'];
  const executable = configured || CHROMIUM_CANDIDATES.find((path) => existsSync(path));
  if (executable && existsSync(executable)) return { executable };
  const reason = configured
    ? `TEAMCHAT_CHROMIUM=${configured} does not exist`
    : `no Chromium at ${CHROMIUM_CANDIDATES.join(', ')} (apt-get install chromium, or set TEAMCHAT_CHROMIUM)`;
  if (process.env['TEAMCHAT_REQUIRE_BROWSER'] === '1') {
    throw new Error(
      `[browser tests] ${suite}: ${reason}, and TEAMCHAT_REQUIRE_BROWSER=1 requires the browser tests to run.`,
    );
  }
  process.stderr.write(
    `\n[browser tests] SKIPPED ${suite}: ${reason}. Set TEAMCHAT_REQUIRE_BROWSER=1 to make this a failure.\n`,
  );
  return { skip: reason };
}

/** A headless Chromium with a fresh profile; `close()` also removes the profile. */
export interface TestBrowser {
  readonly context: BrowserContext;
  /** A new page whose console lines (`log: …`, `error: …`) and uncaught errors are recorded in `lines`. */
  newPage(globals?: Record<string, unknown>): Promise<{
    page: Page;
    lines: string[];
    waitForLine(pattern: RegExp, timeoutMs?: number): Promise<ConsoleMessage>;
  }>;
  close(): Promise<void>;
}

/** Launches Chromium (`executable`) headless with this machine's flags and a new, empty user data dir. */
export async function launchBrowser(executable: string): Promise<TestBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'teamchat-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: executable,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  return {
    context,
    async newPage(globals = {}) {
      const page = await context.newPage();
      if (Object.keys(globals).length > 0) await page.addInitScript((values) => Object.assign(window, values), globals);
      const lines: string[] = [];
      page.on('console', (message) => lines.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => lines.push(`pageerror: ${error.message}`));
      const waitForLine = (pattern: RegExp, timeoutMs = 15_000) =>
        page
          .waitForEvent('console', { predicate: (message) => pattern.test(message.text()), timeout: timeoutMs })
          .catch((error: unknown) => {
            throw new Error(
              `no console line matching ${String(pattern)} (${String(error)}); the page said:\n${lines.join('\n')}`,
            );
          });
      return { page, lines, waitForLine };
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Launches Chromium (`executable`) headless with this machine's flags, for tests that need
 * several independent contexts (two users logged in at once, each with its cookies).
 */
export function launchChromium(executable: string): Promise<Browser> {
  return chromium.launch({ executablePath: executable, headless: true, args: CHROMIUM_FLAGS });
}

/**
 * The first ```ts block below the heading `heading` (e.g. `## In a browser`) of a package
 * README: what a page runs, as written.
 */
export function readmeCodeBlock(readme: string, heading: string): string {
  const text = readFileSync(join(REPO_ROOT, readme), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`${readme} has no heading '${heading}'`);
  const match = /```ts\n([\s\S]*?)```/.exec(text.slice(start));
  if (!match?.[1]) throw new Error(`${readme}: no \`\`\`ts block below '${heading}'`);
  return match[1];
}

/**
 * Bundles `source` as a browser app bundles it (esbuild: browser platform, ESM, minified)
 * from the built packages, into `outfile`. `alias` maps package names (`msw` → `msw3`).
 */
export async function bundlePage(source: string, outfile: string, alias: Record<string, string> = {}): Promise<void> {
  await build({
    stdin: { contents: source, resolveDir: REPO_ROOT, loader: 'ts', sourcefile: 'page.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outfile,
    alias,
    logLevel: 'error',
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
};

/** A static file server on 127.0.0.1. */
export interface StaticServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Serves the files of `root` on 127.0.0.1 (a free port), and — when `proxyApiTo()` names a
 * server — forwards `/api/…` to it, as a dev server's proxy does: the page and the API on
 * one origin.
 */
export async function serveStatic(root: string, proxyApiTo?: () => string | undefined): Promise<StaticServer> {
  const server = createServer((req, res) => {
    const target = proxyApiTo?.();
    if (target && req.url?.startsWith('/api/')) {
      proxy(req, res, target);
      return;
    }
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res
      .writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      })
      .end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('static server: no port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function proxy(req: IncomingMessage, res: ServerResponse, target: string): void {
  const url = new URL(req.url ?? '/', target);
  const upstream = httpRequest(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('proxy error');
  });
  req.pipe(upstream);
  res.on('close', () => upstream.destroy());
}
