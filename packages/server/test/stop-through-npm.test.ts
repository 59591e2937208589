/**
 * Stopping the command an operator ran stops the server: `npm start … & kill $!` and
 * `npx teamchat-server … & kill $!`. npm forwards SIGTERM to the `sh -c` it runs a script
 * through, and that shell dies without passing it on; before, the server then ran on with
 * parent 1, holding its port and the data file's lock. Now `npm start` execs the server (the
 * signal reaches it), and a server that npm started stops when its parent is gone (npx, where
 * nothing can exec). Linux: a process's state is read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { canConnect, freePort } from '../../../test-support/processes.js';

let dir: string;

beforeAll(() => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-npm-stop-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether `pid` is a live process (a zombie waiting for its parent counts as gone). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z /.test(stat);
  } catch {
    return false;
  }
}

/** The environment of an operator's shell: without the npm_* variables of the outer `npm test`. */
function operatorEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^npm_/i.test(key) && !key.startsWith('VITEST') && key !== 'NODE_OPTIONS',
    ),
  );
}

/** Starts `command args…` in the repository, as an operator's `command args… &`; resolves once it listens. */
async function startThroughNpm(
  command: string,
  args: readonly string[],
): Promise<{ child: ChildProcess; output: () => string; closed: () => boolean }> {
  const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: operatorEnv() });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // The pipes close when the last process holding them (the server, npm's grandchild) ends.
  let closed = false;
  child.once('close', () => (closed = true));
  await vi.waitFor(
    () => {
      expect(child.exitCode, output).toBeNull();
      expect(output).toMatch(/listening on http:/);
    },
    { timeout: 60_000, interval: 50 },
  );
  return { child, output: () => output, closed: () => closed };
}

describe('stopping the server through npm', { timeout: 120_000 }, () => {
  for (const [name, command, args, reason] of [
    // The script execs the server: npm's SIGTERM reaches it.
    ['npm start', 'npm', ['start', '--'], /INFO received SIGTERM; shutting down/],
    // npx runs `sh -c 'teamchat-server …'`, which forks it: the server sees its parent end.
    [
      'npx teamchat-server',
      'npx',
      ['teamchat-server'],
      /INFO its parent process \(pid \d+, under npx\) has ended; shutting down/,
    ],
  ] as const) {
    it(`${name} … & kill $!: the server writes its snapshot, releases the lock and the port, and ends`, async () => {
      const port = await freePort();
      const dataFile = join(dir, `${command}.json`);
      const started = await startThroughNpm(command, [...args, '--port', String(port), '--data', dataFile, '--quiet']);
      const lock = JSON.parse(readFileSync(`${dataFile}.lock`, 'utf8')) as { pid: number };
      // The server is not the process the operator started (npm, then sh under npx).
      expect(lock.pid).not.toBe(started.child.pid);
      started.child.kill('SIGTERM');
      await vi.waitFor(() => expect(running(lock.pid), `server pid ${lock.pid}`).toBe(false), {
        timeout: 30_000,
        interval: 50,
      });
      await vi.waitFor(() => expect(started.closed()).toBe(true), { timeout: 10_000, interval: 50 });
      expect(existsSync(`${dataFile}.lock`)).toBe(false);
      expect(await canConnect(port)).toBe(false);
      // Graceful: it said why it stopped, and wrote the final snapshot.
      expect(started.output()).toMatch(reason);
      expect(started.output()).toMatch(/INFO \[teamchat-server\] wrote snapshot /);
    });
  }

  it('npx teamchat-mock … & kill $!: the mock ends and frees its port', async () => {
    const port = await freePort();
    const started = await startThroughNpm('npx', ['teamchat-mock', '--port', String(port)]);
    expect(await canConnect(port)).toBe(true);
    started.child.kill('SIGTERM');
    await vi.waitFor(() => expect(started.closed(), 'the mock still holds the output pipes').toBe(true), {
      timeout: 30_000,
      interval: 50,
    });
    expect(await canConnect(port)).toBe(false);
  });
});
