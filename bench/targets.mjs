// The two processes every scenario is measured against: the reference server (built
// dist, disk store on a fresh data file) and the baseline (baseline-server.mjs).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { runNode, startNode } from './processes.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
/** The built server binary the harness runs. */
export const SERVER_BIN = join(ROOT, 'packages/server/dist/bin.js');
const BUILD = `cd ${ROOT} && for p in schema server; do (cd packages/$p && npx tsup); done`;
const LISTENING = /listening on (http:\/\/\S+)/;

/** Throws when the server is not built; returns a warning when its sources are newer than the build. */
export function checkServerBuild() {
  if (!existsSync(SERVER_BIN))
    throw new Error(`the server is not built (no ${SERVER_BIN}); build it with:\n  ${BUILD}`);
  const built = statSync(SERVER_BIN).mtimeMs;
  const newest = ['packages/schema/src', 'packages/server/src']
    .map((dir) => newestMtime(join(ROOT, dir)))
    .reduce((a, b) => Math.max(a, b));
  return newest > built ? `the server build is older than its sources; rebuild for current figures:\n  ${BUILD}` : null;
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return newest;
}

const SEED_SCRIPT = fileURLToPath(new URL('./seed-store.mjs', import.meta.url));

/**
 * Writes `<dir>/<name>`: the demo organization and `messages` channel messages, seeded
 * directly through the store by seed-store.mjs in a child process. Resolves with its path and
 * how long seeding took.
 */
export async function seedDataFile(dir, name, messages, onStarted) {
  const dataFile = join(dir, name);
  const started = performance.now();
  await runNode({ label: 'seed-store', script: SEED_SCRIPT, args: [dataFile, String(messages)], onStarted });
  return { dataFile, seconds: (performance.now() - started) / 1000, bytes: statSync(dataFile).size };
}

/**
 * Starts `teamchat-server` on `dataFile` (`<dir>/data.json` by default: a new file, seeded
 * with the demo organization at start) and resolves with `{ process, origin, accounts }`,
 * accounts by role (`{ owner: { email, key }, ... }`) from the zuliprc files it writes
 * beside the data.
 */
export async function startReferenceServer(dir, onStarted, dataFile = join(dir, 'data.json')) {
  const server = await startNode({
    label: 'teamchat-server',
    script: SERVER_BIN,
    // No rate limits: the load is the point.
    args: ['--port', '0', '--data', dataFile, '--quiet', '--rate-limit', 'off'],
    env: { BENCH_ORPHAN_CLEANUP: dir }, // removed by the server should the harness die (exit-with-parent.mjs)
    ready: LISTENING,
  });
  onStarted(server);
  const origin = server.match[1];
  return { process: server, origin, accounts: await readAccounts(dir, server) };
}

/**
 * The zuliprc-<role> files, which the server writes just after its listening line, one after
 * the other: wait for the bot's, the last one, so no account is missing.
 */
export async function readAccounts(dir, server, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const accounts = {};
    for (const name of readdirSync(dir)) {
      const role = /^zuliprc-(.+)$/.exec(name)?.[1];
      if (!role) continue;
      const text = readFileSync(join(dir, name), 'utf8');
      const email = /^email=(.*)$/m.exec(text)?.[1];
      const key = /^key=(.*)$/m.exec(text)?.[1];
      if (email && key) accounts[role] = { email: email.trim(), key: key.trim() };
    }
    if (accounts.bot) return accounts;
    if (server.exited || Date.now() > deadline)
      throw new Error(`teamchat-server wrote no zuliprc-bot in ${dir}:\n${server.output()}`);
    await sleep(50);
  }
}

/** Starts the baseline; `route(...)` registers the answer to one request. */
export async function startBaseline(onStarted) {
  const baseline = await startNode({
    label: 'baseline',
    script: fileURLToPath(new URL('./baseline-server.mjs', import.meta.url)),
    ready: LISTENING,
  });
  onStarted(baseline);
  const route = ({ method, path, status, contentType, body }) =>
    baseline.send({ type: 'route', method, path, status, contentType, body: Buffer.from(body).toString('base64') });
  return { process: baseline, origin: baseline.match[1], route };
}
