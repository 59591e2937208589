import { spawn } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { serverCommand, startServer, type RunningServer } from '../../../test-support/start-server.js';

let dir: string;
const running: RunningServer[] = [];
beforeAll(() => assertFreshBuilds());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-one-writer-'));
});
afterEach(async () => {
  for (const server of running.splice(0)) await server.crash();
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startServer>[1] = {}): Promise<RunningServer> {
  const server = await startServer(dir, { ...options, args: ['--rate-limit', 'off', ...(options.args ?? [])] });
  running.push(server);
  return server;
}

function credentials(zuliprc: string): string {
  const text = readFileSync(zuliprc, 'utf8');
  return `Basic ${btoa(`${/^email=(.*)$/m.exec(text)?.[1] ?? ''}:${/^key=(.*)$/m.exec(text)?.[1] ?? ''}`)}`;
}

/** Runs a server that must refuse to start; its exit code and output. */
function refusedStart(dataFile: string): Promise<{ code: number | null; output: string }> {
  const [command, argv] = serverCommand(dataFile);
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env['PATH'] ?? '' } });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** Sends `count` messages; the acknowledged ones by id. */
async function send(server: RunningServer, auth: string, label: string, count: number): Promise<Map<number, string>> {
  const acknowledged = new Map<number, string>();
  for (let i = 0; i < count; i += 1) {
    const content = `${label} ${i}`;
    const response = await fetch(`${server.url}/api/v1/messages`, {
      method: 'POST',
      headers: { authorization: auth },
      body: new URLSearchParams({ type: 'stream', to: 'general', topic: 'one writer', content }),
    });
    if (response.status === 200) acknowledged.set(((await response.json()) as { id: number }).id, content);
  }
  return acknowledged;
}

/** Every acknowledged message is there, by id, with its own content (never another server's). */
async function expectAllPresent(server: RunningServer, auth: string, acknowledged: Map<number, string>): Promise<void> {
  const missing: string[] = [];
  for (const [id, content] of acknowledged) {
    const response = await fetch(`${server.url}/api/v1/messages/${id}?apply_markdown=false`, {
      headers: { authorization: auth },
    });
    const body = (await response.json()) as { message?: { content: string } };
    if (body.message?.content !== content)
      missing.push(`${id}: ${content} → ${body.message?.content ?? response.status}`);
  }
  expect(missing).toEqual([]);
}

describe.each(['SIGTERM', 'kill -9'])(
  'a second server after the lock file was deleted (first one ended by %s)',
  (ending) => {
    it('is refused, naming the file and the pid of the first, which goes on; no acknowledged write is lost or replaced', async () => {
      const first = await start();
      const auth = credentials(first.zuliprc('owner'));
      const acknowledged = await send(first, auth, 'before', 5);
      unlinkSync(join(dir, 'data.json.lock'));

      const second = await refusedStart(join(dir, 'data.json'));
      expect(second.code).toBe(1);
      expect(second.output).toMatch(
        new RegExp(
          `${join(dir, 'data.json').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is in use by another teamchat-server \\(pid \\d+\\)`,
        ),
      );

      for (const [id, content] of await send(first, auth, 'after', 5)) acknowledged.set(id, content);
      expect(acknowledged.size).toBe(10);
      // The first server wrote its lock file again.
      expect(JSON.parse(readFileSync(join(dir, 'data.json.lock'), 'utf8'))).toMatchObject({ pid: expect.any(Number) });
      if (ending === 'SIGTERM') await first.stop();
      else await first.crash();
      running.splice(running.indexOf(first), 1);

      const restarted = await start({ waitForZuliprc: false });
      await expectAllPresent(restarted, auth, acknowledged);
    });
  },
);

describe('a second server through a symbolic link to the data file', () => {
  it('is refused; the first keeps its data, and the link stays a link', async () => {
    const first = await start();
    const auth = credentials(first.zuliprc('owner'));
    const acknowledged = await send(first, auth, 'first', 3);
    const alias = join(dir, 'alias.json');
    symlinkSync(join(dir, 'data.json'), alias);

    const second = await refusedStart(alias);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`${join(dir, 'data.json')} is in use by another teamchat-server (pid `);

    await first.stop();
    running.splice(0);
    expect(lstatSync(alias).isSymbolicLink()).toBe(true);
    // Started through the link, the server uses the target and its files.
    const throughLink = await startServer(dir, {
      dataFile: 'alias.json',
      waitForZuliprc: false,
      args: ['--rate-limit', 'off'],
    });
    running.push(throughLink);
    await expectAllPresent(throughLink, auth, acknowledged);
    // The line right after "listening": it has arrived by now.
    await expect.poll(() => throughLink.output()).toContain(`Data: ${join(dir, 'data.json')}\n`);
    await throughLink.stop();
    running.splice(0);
    expect(lstatSync(alias).isSymbolicLink()).toBe(true);
  });
});

describe('two stores in one directory', () => {
  it('keep their own zuliprc files', async () => {
    const first = await start();
    const firstOwner = readFileSync(first.zuliprc('owner'), 'utf8');
    await first.stop();
    running.splice(0);

    const second = await start({ dataFile: 'other.json' });
    expect(second.zuliprc('owner')).toBe(join(dir, 'zuliprc-other-owner'));
    const secondOwner = readFileSync(second.zuliprc('owner'), 'utf8');
    expect(secondOwner).toContain(`# teamchat store: ${join(dir, 'other.json')}`);
    // The first store's files are untouched, and its key still works against it.
    expect(readFileSync(join(dir, 'zuliprc-owner'), 'utf8')).toBe(firstOwner);
    await second.stop();
    running.splice(0);
    const again = await start({ waitForZuliprc: false });
    const me = await fetch(`${again.url}/api/v1/users/me`, {
      headers: { authorization: credentials(join(dir, 'zuliprc-owner')) },
    });
    expect(me.status).toBe(200);
  });
});
