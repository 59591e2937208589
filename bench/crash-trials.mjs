// Crash safety over many kills: `node bench/crash-trials.mjs [--trials 50] [--writers 12]`.
// Each trial starts the built teamchat-server on the same data file, runs concurrent writers
// of every kind (messages, edits, flags, uploads, subscriptions) and kills the server with
// SIGKILL at a random moment. After each kill the snapshot must parse and the next start must
// succeed on its own; at the end every acknowledged write must be there. Not part of
// `npm test` (it takes a few minutes); traffic goes to 127.0.0.1 only.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startNode } from './processes.mjs';

const { values } = parseArgs({
  options: { trials: { type: 'string', default: '50' }, writers: { type: 'string', default: '12' } },
});
const TRIALS = Number(values.trials);
const WRITERS = Number(values.writers);
const SERVER_BIN = fileURLToPath(new URL('../packages/server/dist/bin.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'teamchat-crash-trials-'));
const dataFile = join(dir, 'data.json');

/** What the server acknowledged, by kind. */
const acked = { messages: new Map(), edits: new Map(), flags: new Set(), uploads: new Map(), channels: new Set() };
/** Edits sent (acknowledged or not) per message: the stored content must be the last acknowledged one or a later one. */
const sentEdits = new Map();
const counts = { trials: 0, restarts: 0, requests: 0, acknowledged: 0, refusedAfterKill: 0, snapshotParsed: 0 };

async function start() {
  const server = await startNode({
    label: 'teamchat-server',
    script: SERVER_BIN,
    args: ['--port', '0', '--data', dataFile, '--quiet', '--rate-limit', 'off'],
    ready: /listening on (http:\/\/\S+)/,
  });
  counts.restarts += 1;
  return server;
}

async function ownerAuth() {
  while (!existsSync(join(dir, 'zuliprc-bot'))) await sleep(20);
  const text = readFileSync(join(dir, 'zuliprc-owner'), 'utf8');
  return `Basic ${Buffer.from(`${/^email=(.*)$/m.exec(text)[1]}:${/^key=(.*)$/m.exec(text)[1]}`).toString('base64')}`;
}

let auth;
async function call(api, method, path, body) {
  counts.requests += 1;
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: auth },
    ...(body ? { body } : {}),
  });
  const parsed = await response.json();
  if (response.status === 200) counts.acknowledged += 1;
  return response.status === 200 ? parsed : null;
}

/** One writer of `kind` until the server dies under it. */
async function writer(api, kind, worker, trial, server) {
  for (let i = 0; !server.exited; i += 1) {
    const tag = `t${trial}w${worker}i${i}`;
    try {
      if (kind === 'message') {
        const content = `crash message ${tag}`;
        const body = await call(
          api,
          'POST',
          '/messages',
          new URLSearchParams({ type: 'stream', to: 'general', topic: 'crash trials', content }),
        );
        if (body) acked.messages.set(body.id, content);
      } else if (kind === 'edit') {
        const ids = [...acked.messages.keys()];
        if (ids.length === 0) {
          await sleep(5);
          continue;
        }
        const id = ids[(worker * 7919 + i) % ids.length];
        const content = `edited ${tag}`;
        const history = sentEdits.get(id) ?? [];
        history.push(content);
        sentEdits.set(id, history);
        if (await call(api, 'PATCH', `/messages/${id}`, new URLSearchParams({ content }))) acked.edits.set(id, content);
      } else if (kind === 'flag') {
        const ids = [...acked.messages.keys()].slice(-50);
        if (ids.length === 0) {
          await sleep(5);
          continue;
        }
        const id = ids[i % ids.length];
        if (
          await call(
            api,
            'POST',
            '/messages/flags',
            new URLSearchParams({ messages: JSON.stringify([id]), op: 'add', flag: 'starred' }),
          )
        )
          acked.flags.add(id);
      } else if (kind === 'upload') {
        const form = new FormData();
        const text = `upload ${tag}`;
        form.set('file', new File([text], `${tag}.txt`));
        const body = await call(api, 'POST', '/user_uploads', form);
        if (body) acked.uploads.set(body.url, text);
      } else {
        const name = `crash ${tag}`;
        if (
          await call(
            api,
            'POST',
            '/users/me/subscriptions',
            new URLSearchParams({ subscriptions: JSON.stringify([{ name }]) }),
          )
        )
          acked.channels.add(name);
      }
    } catch {
      counts.refusedAfterKill += 1;
      return; // the server died under us
    }
  }
}

const KINDS = ['message', 'message', 'message', 'edit', 'edit', 'flag', 'upload', 'subscription'];
for (let trial = 0; trial < TRIALS; trial += 1) {
  const server = await start();
  const api = `${server.match[1]}/api/v1`;
  if (trial === 0) auth = await ownerAuth();
  const pending = new Set();
  const writers = Array.from({ length: WRITERS }, (_, w) => {
    const kind = KINDS[w % KINDS.length];
    pending.add(kind + w);
    return writer(api, kind, w, trial, server).finally(() => pending.delete(kind + w));
  });
  const watchdog = setInterval(() => process.stderr.write(`waiting for ${[...pending].join(', ')}\n`), 5000);
  // Killed at a random point of the load: after 20 to 200 more acknowledged writes (or 10 s).
  const target = counts.acknowledged + 20 + Math.floor(Math.random() * 180);
  const deadline = Date.now() + 10_000;
  while (counts.acknowledged < target && Date.now() < deadline) await sleep(2);
  server.kill();
  while (!server.exited) await sleep(5);
  await Promise.allSettled(writers);
  clearInterval(watchdog);
  await sleep(50);
  // The snapshot is always whole.
  JSON.parse(readFileSync(dataFile, 'utf8'));
  counts.snapshotParsed += 1;
  counts.trials += 1;
  process.stderr.write(`trial ${trial + 1}/${TRIALS}: ${counts.acknowledged} writes acknowledged so far\n`);
}

// The last start: everything acknowledged must be there.
const writeRequests = counts.requests;
const writesAcknowledged = counts.acknowledged;
const server = await start();
const api = `${server.match[1]}/api/v1`;
const lost = [];
for (const [id, content] of acked.messages) {
  const body = await call(api, 'GET', `/messages/${id}?apply_markdown=false`);
  const message = body?.message;
  if (!message) {
    lost.push(`message ${id}`);
    continue;
  }
  const edits = sentEdits.get(id) ?? [];
  const lastAcked = acked.edits.get(id);
  const allowed = lastAcked === undefined ? [content, ...edits] : edits.slice(edits.indexOf(lastAcked));
  if (!allowed.includes(message.content)) lost.push(`edit of message ${id}: has "${message.content}"`);
  if (acked.flags.has(id) && !message.flags.includes('starred')) lost.push(`starred flag of message ${id}`);
}
const { attachments } = await call(api, 'GET', '/attachments');
const stored = new Set(attachments.map((a) => `/user_uploads/${a.path_id}`));
for (const [url, text] of acked.uploads) {
  if (!stored.has(url)) {
    lost.push(`upload ${url}`);
    continue;
  }
  const file = await fetch(`${server.match[1]}${url}`, { headers: { authorization: auth } });
  if ((await file.text()) !== text) lost.push(`bytes of ${url}`);
}
const { subscriptions } = await call(api, 'GET', '/users/me/subscriptions');
const names = new Set(subscriptions.map((s) => s.name));
for (const name of acked.channels) if (!names.has(name)) lost.push(`subscription ${name}`);
await server.stop();
rmSync(dir, { recursive: true, force: true });

const summary = {
  trials: counts.trials,
  restartsWithoutManualStep: counts.restarts,
  snapshotsParsed: counts.snapshotParsed,
  writeRequests,
  acknowledged: {
    total: writesAcknowledged,
    messages: acked.messages.size,
    edits: acked.edits.size,
    flags: acked.flags.size,
    uploads: acked.uploads.size,
    subscriptions: acked.channels.size,
  },
  lost: lost.length,
};
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
for (const line of lost.slice(0, 20)) process.stdout.write(`  lost: ${line}\n`);
process.exit(lost.length === 0 ? 0 : 1);
