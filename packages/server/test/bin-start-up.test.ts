/**
 * What an operator sees when `teamchat-server` (and `teamchat-mock`) start: the zuliprc files
 * exist as soon as the port opens, and a start that cannot listen ends with one line and a
 * non-zero exit code, never a stack, releasing the data file.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { canConnect, freePort, runNodeScript } from '../../../test-support/processes.js';
import { startServer } from '../../../test-support/start-server.js';

const SERVER_BIN = join(REPO_ROOT, 'packages/server/bin/teamchat-server.js');
const MOCK_BIN = join(REPO_ROOT, 'packages/mock/bin/teamchat-mock.js');

let dir: string;
let busy: Server;
let busyPort: number;

beforeAll(async () => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-start-up-'));
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => busy.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('teamchat-server start-up', () => {
  it('has written the zuliprc files when the port opens', async () => {
    const port = await freePort();
    const dataFile = join(dir, 'fixed-port', 'data.json');
    const child = spawn(process.execPath, [SERVER_BIN, '--port', String(port), '--data', dataFile, '--quiet'], {
      stdio: 'ignore',
    });
    try {
      // What a script does: wait for the port, then read the files.
      for (let tries = 0; !(await canConnect(port)); tries += 1) {
        expect(child.exitCode, 'the server exited').toBeNull();
        expect(tries).toBeLessThan(1500);
        await sleep(20);
      }
      for (const role of ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot']) {
        expect(existsSync(join(dir, 'fixed-port', `zuliprc-${role}`)), role).toBe(true);
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });

  it('says in one line that the port is in use, exits 1, and releases the data file', async () => {
    const dataFile = join(dir, 'busy', 'data.json');
    const result = await runNodeScript(SERVER_BIN, ['--port', String(busyPort), '--data', dataFile]);
    expect(result.code).toBe(1);
    // Closing the store logs its final snapshot (an INFO line), then the reason, alone.
    const lines = result.stderr.trimEnd().split('\n');
    expect(
      lines.slice(0, -1).every((line) => / INFO \[teamchat-server\] wrote snapshot /.test(line)),
      result.stderr,
    ).toBe(true);
    expect(lines.at(-1)).toBe(
      `teamchat-server: cannot listen on 127.0.0.1:${busyPort}: the port is in use (another server?); pick another with --port N (--port 0 picks a free one)`,
    );
    expect(existsSync(`${dataFile}.lock`)).toBe(false);
    // The next start on a free port finds the organization and its files.
    expect(existsSync(join(dir, 'busy', 'zuliprc-owner'))).toBe(true);
  });

  it('refuses a port out of range (a usage error), and an address not of this machine, in one line', async () => {
    const outOfRange = await runNodeScript(SERVER_BIN, ['--port', '70000', '--memory']);
    expect(outOfRange).toMatchObject({
      code: 2,
      stderr: "teamchat-server: --port must be an integer from 0 to 65535, got '70000'; see teamchat-server --help\n",
    });
    // 192.0.2.1 (TEST-NET-1) is never an address of this machine; nothing is sent to it.
    const foreign = await runNodeScript(SERVER_BIN, ['--port', '0', '--host', '192.0.2.1', '--memory']);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toMatch(
      /^teamchat-server: cannot listen on 192\.0\.2\.1:0: 192\.0\.2\.1 is not an address of this machine; pass --host with a local address \(127\.0\.0\.1, 0\.0\.0\.0, ::1\)\n$/,
    );
  });

  it('--dev listens on loopback addresses only, and says it is a development server', async () => {
    const open = await runNodeScript(SERVER_BIN, ['--dev', '--host', '0.0.0.0', '--port', '0', '--memory']);
    expect(open).toMatchObject({
      code: 2,
      stderr:
        'teamchat-server: --dev gives API keys without passwords: it listens on loopback addresses only (127.0.0.1, ::1, localhost), not 0.0.0.0\n',
    });
    const half = await runNodeScript(SERVER_BIN, [
      '--bigbluebutton-url',
      'https://bbb.example.com/bigbluebutton/',
      '--memory',
    ]);
    expect(half).toMatchObject({
      code: 2,
      stderr: 'teamchat-server: give --bigbluebutton-url and --bigbluebutton-secret together\n',
    });
    const dir = mkdtempSync(join(tmpdir(), 'teamchat-dev-'));
    const server = await startServer(dir, { args: ['--dev', '--memory'], waitForZuliprc: false });
    try {
      // The lines after "listening" may arrive in chunks of their own.
      const owner = await vi.waitFor(
        () => {
          expect(server.output()).toContain('Development mode: POST /api/v1/dev_fetch_api_key');
          return (
            /^\s*owner\s+(\S+)/m.exec(server.output())?.[1] ?? expect.fail(`no owner line yet:\n${server.output()}`)
          );
        },
        { timeout: 10_000 },
      );
      const answer = await fetch(`${server.url}/api/v1/dev_fetch_api_key`, {
        method: 'POST',
        body: new URLSearchParams({ username: owner }),
      });
      expect(await answer.json()).toMatchObject({
        result: 'success',
        email: owner,
        api_key: expect.stringMatching(/^\w{32}$/),
      });
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('teamchat-mock start-up', () => {
  it('says in one line that the port is in use and exits 1', async () => {
    const result = await runNodeScript(MOCK_BIN, ['--port', String(busyPort)]);
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `teamchat-mock: cannot listen on 127.0.0.1:${busyPort}: the port is in use (another server?); pick another with --port N (--port 0 picks a free one)\n`,
    });
  });
});

describe('the committed launchers', () => {
  it('say how to build when the package is not built yet, in one line', async () => {
    for (const [name, bin] of [
      ['teamchat-server', SERVER_BIN],
      ['teamchat-mock', MOCK_BIN],
      ['teamchat', join(REPO_ROOT, 'packages/cli/bin/teamchat.js')],
    ] as const) {
      // A copy of the package without dist/, as right after `npm install` links the commands.
      const unbuilt = join(dir, `unbuilt-${name}`);
      mkdirSync(join(unbuilt, 'bin'), { recursive: true });
      copyFileSync(bin, join(unbuilt, 'bin', `${name}.js`));
      const result = await runNodeScript(join(unbuilt, 'bin', `${name}.js`), ['--help']);
      expect(result, name).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `${name}: ${join(unbuilt, 'dist', 'bin.js')} is missing: the package is not built (in the teamchat repository, run \`npm run build\`)\n`,
      });
    }
  });
});
