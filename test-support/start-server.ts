import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './fresh-build.js';
import { dataFileKeys, recordServerLog } from './suite-log.js';

/** A reference server running in a child process on a free port. */
export interface RunningServer {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** Path of the zuliprc the server wrote for a demo account (`owner`, `member`, …). */
  zuliprc(role: 'owner' | 'administrator' | 'moderator' | 'member' | 'guest' | 'bot'): string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Kills the server with SIGKILL (a crash) and waits for it to exit. */
  crash(): Promise<void>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its log so far (stderr: request lines, warnings, errors). */
  log(): string;
}

const SERVER_BIN = join(REPO_ROOT, 'packages/server/dist/bin.js');

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** The command line of `teamchat-server` on `dataFile`, on a free port, without request logs unless `logRequests`. */
export function serverCommand(dataFile: string, args: readonly string[] = [], logRequests = false): [string, string[]] {
  return [
    process.execPath,
    [SERVER_BIN, '--port', '0', '--data', dataFile, ...(logRequests ? [] : ['--quiet']), ...args],
  ];
}

/**
 * Starts `teamchat-server --port 0 --data DIR/data.json --quiet [args…]` (or `--data DIR/<dataFile>`)
 * and resolves once it listens, checking that the demo accounts' zuliprc files are beside the
 * data file by then (unless `waitForZuliprc` is false: `--memory` and fixtures without the demo
 * write none).
 */
export async function startServer(
  dir: string,
  options: { waitForZuliprc?: boolean; args?: readonly string[]; dataFile?: string; logRequests?: boolean } = {},
): Promise<RunningServer> {
  const name = options.dataFile ?? 'data.json';
  const dataFile = join(dir, name);
  const [command, argv] = serverCommand(dataFile, options.args, options.logRequests);
  const child = spawn(command, argv, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env['PATH'] ?? '' },
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // The suite checks every server's log for secrets at its end (global-setup.ts).
  // Its data file is read at exit (a test removes its directory right after); its output once closed.
  child.once('exit', () => {
    const keys = dataFileKeys(dataFile);
    child.once('close', () => recordServerLog({ pid: child.pid ?? 0, stderr, stdout, extra: keys }));
  });
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: string): void => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`teamchat-server exited with code ${String(code)} before listening:\n${output}`)),
    );
  });
  // Named after the data file: zuliprc-<role> for data.json, zuliprc-<name>-<role> for <name>.json.
  const stem = name === 'data.json' ? '' : `${name.replace(/\.[^.]*$/, '')}-`;
  const zuliprc = (role: string): string => join(dir, `zuliprc-${stem}${role}`);
  // The server writes the files before it prints the "listening" line (the bot's is the last one).
  if (options.waitForZuliprc !== false && !existsSync(zuliprc('bot'))) {
    child.kill('SIGKILL');
    throw new Error(`teamchat-server printed its "listening" line before writing the zuliprc files:\n${output}`);
  }
  return {
    url,
    zuliprc,
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
    crash: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    output: () => output,
    log: () => stderr,
  };
}
