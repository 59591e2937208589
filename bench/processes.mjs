// Child Node processes of the harness: start one, wait for its "listening" line, read
// its memory, stop it (SIGTERM, then SIGKILL after a grace period).
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PRELOAD = fileURLToPath(new URL('./exit-with-parent.mjs', import.meta.url));
const TAIL = 4000;

/**
 * Runs `node script ...args` (with `env` added; exit-with-parent.mjs preloaded) and resolves once a line of its stdout matches `ready`,
 * with `{ pid, match, send, output, stop }`. Rejects (and kills it) when it exits or
 * stays silent for `timeoutMs` first.
 */
export function startNode({ label, script, args = [], env = {}, ready, timeoutMs = 30_000 }) {
  const child = spawn(process.execPath, ['--import', PRELOAD, script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, ...env },
  });
  let output = '';
  let exited = null;
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = { code, signal }))));
  const keep = (chunk) => (output = (output + chunk).slice(-TAIL));
  child.stderr.setEncoding('utf8').on('data', keep);

  async function stop(graceMs = 10_000) {
    if (exited) return exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      return await exit;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends one IPC message and resolves with the child's reply. */
  function send(message) {
    return new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.send(message, (error) => error && reject(error));
    });
  }

  const handle = {
    label,
    pid: child.pid,
    match: null,
    send,
    stop,
    kill: () => exited || child.kill('SIGKILL'),
    output: () => output,
    get exited() {
      return exited;
    },
  };

  return new Promise((resolve, reject) => {
    let pending = ''; // stdout so far, until the ready line; null after it
    const fail = (why) => {
      if (pending === null) return;
      pending = null;
      clearTimeout(timer);
      void stop(0);
      reject(new Error(`${label} ${why}${output ? `:\n${output}` : ''}`));
    };
    const timer = setTimeout(() => fail(`printed no line matching ${ready} within ${timeoutMs} ms`), timeoutMs);
    child.once('error', (error) => fail(`could not start (${error.message})`));
    void exit.then(({ code, signal }) => fail(`exited (code ${code}, signal ${signal}) before it was ready`));
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      keep(chunk);
      if (pending === null) return; // ready already; keep draining stdout
      pending += chunk;
      const match = pending
        .split('\n')
        .map((line) => ready.exec(line))
        .find(Boolean);
      if (!match) return;
      pending = null;
      clearTimeout(timer);
      handle.match = match;
      resolve(handle);
    });
  });
}

/**
 * Runs `node script ...args` to its end (exit-with-parent.mjs preloaded, stderr passed
 * through) and resolves with its stdout; rejects when it exits with an error. `onStarted`
 * gets `{ label, stop, kill }`, so the harness can stop it on Ctrl-C.
 */
export function runNode({ label, script, args = [], onStarted = () => {} }) {
  const child = spawn(process.execPath, ['--import', PRELOAD, script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let exited = null;
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = { code, signal }))));
  onStarted({
    label,
    stop: async () => exited ?? (child.kill('SIGKILL'), exit),
    kill: () => exited || child.kill('SIGKILL'),
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  return exit.then(({ code, signal }) => {
    if (code !== 0) throw new Error(`${label} failed (code ${code}, signal ${signal})`);
    return stdout;
  });
}

/**
 * CPU time a process has used so far (user + system, all its threads), in microseconds, from
 * /proc/<pid>/stat (clock ticks of `getconf CLK_TCK`, 100 on Linux); null elsewhere or when it is gone.
 */
export function cpuMicrosOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

/**
 * Resident memory of a process in MiB: `{ rss, peak }` from /proc/<pid>/status (VmRSS,
 * VmHWM) on Linux; elsewhere `ps` gives the RSS only (peak null). Null if it is gone.
 */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  } catch {
    try {
      const kib = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
      return Number.isFinite(kib) && kib > 0 ? { rss: kib / 1024, peak: null } : null;
    } catch {
      return null;
    }
  }
}
