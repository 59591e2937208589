// Soak: the built teamchat-server (disk store, default limits and rate limits on) under
// long-polling event queues and senders for a while; prints its RSS over time and checks
// that every event is delivered once. Not part of `npm test` or `npm run bench`.
//
//   node bench/soak.mjs --minutes 30 [--users 100] [--queues 200] [--senders 20] [--interval-ms 2000]
//
// Each user stays under the server's 200 requests a minute (two queues polled at most once a
// second, a message and a deletion every 2 s), so the load is what well-behaved clients send; a 429 is waited
// out as its retry-after says and counted. Traffic goes to 127.0.0.1 only, and stops by itself.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { memoryOf, startNode } from './processes.mjs';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    users: { type: 'string', default: '100' },
    queues: { type: 'string', default: '200' },
    senders: { type: 'string', default: '20' },
    'interval-ms': { type: 'string', default: '2000' },
    'sample-s': { type: 'string', default: '30' },
    out: { type: 'string', default: fileURLToPath(new URL('./results/soak.json', import.meta.url)) },
  },
});
const MINUTES = Number(values.minutes);
const USERS = Number(values.users);
const QUEUES = Number(values.queues);
const SENDERS = Number(values.senders);
const INTERVAL = Number(values['interval-ms']);
const SAMPLE_MS = Number(values['sample-s']) * 1000;
const SERVER_BIN = fileURLToPath(new URL('../packages/server/dist/bin.js', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'teamchat-soak-'));
const stats = {
  requests: 0,
  rateLimited: 0,
  errors: 0,
  sent: 0,
  deleted: 0,
  delivered: 0,
  duplicates: 0,
  gaps: 0,
  reregistered: 0,
};
const errorSamples = [];
let stopping = false;

const server = await startNode({
  label: 'teamchat-server',
  script: SERVER_BIN,
  args: ['--port', '0', '--data', join(dir, 'data.json'), '--quiet'],
  ready: /listening on (http:\/\/\S+)/,
});
const origin = server.match[1];
const api = `${origin}/api/v1`;

/** One API call; waits out a 429 as its retry-after says. Resolves with the parsed body, or null on an error. */
async function call(method, path, auth, params = {}, signal) {
  for (;;) {
    stats.requests += 1;
    const url = new URL(`${api}${path}`);
    const init = { method, headers: auth ? { authorization: auth } : {}, signal };
    if (method === 'GET') for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    else init.body = new URLSearchParams(params);
    let response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      if (stopping) return null;
      stats.errors += 1;
      if (errorSamples.length < 10) errorSamples.push(`${method} ${path}: ${error.message}`);
      return null;
    }
    const body = await response.json().catch(() => null);
    if (response.status === 429) {
      stats.rateLimited += 1;
      await sleep(Math.ceil(Number(body?.['retry-after'] ?? 1) * 1000));
      continue;
    }
    if (response.status !== 200) {
      if (body?.code === 'BAD_EVENT_QUEUE_ID') return body;
      stats.errors += 1;
      if (errorSamples.length < 10) errorSamples.push(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
      return null;
    }
    return body;
  }
}

const basic = (email, key) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;

// The owner's key from the zuliprc the server writes beside its data file.
async function ownerAuth() {
  const { readFileSync, existsSync } = await import('node:fs');
  const file = join(dir, 'zuliprc-owner');
  while (!existsSync(join(dir, 'zuliprc-bot'))) await sleep(50);
  const text = readFileSync(file, 'utf8');
  return basic(/^email=(.*)$/m.exec(text)[1], /^key=(.*)$/m.exec(text)[1]);
}

const owner = await ownerAuth();
process.stderr.write(`soak: server at ${origin}, creating ${USERS} users\n`);
const users = [];
for (let i = 0; i < USERS; i += 1) {
  const email = `soak${i}@teamchat.example`;
  const password = `soak password ${i} ${Math.random()}`;
  const { user_id: id } = await call('POST', '/users', owner, { email, password, full_name: `Soak User ${i}` });
  const { api_key: key } = await call('POST', '/fetch_api_key', null, { username: email, password });
  users.push({ id, email, auth: basic(email, key) });
}
// Everyone in #general, so that each message reaches every queue.
const { streams } = await call('GET', '/streams', owner);
const general = streams.find((s) => s.name === 'general');
for (let i = 0; i < users.length; i += 50) {
  await call('POST', '/users/me/subscriptions', owner, {
    subscriptions: JSON.stringify([{ name: 'general' }]),
    principals: JSON.stringify(users.slice(i, i + 50).map((u) => u.id)),
  });
}

/** A long-polling client: registers, polls, checks that event IDs and message IDs come once and in order. */
async function poller(user) {
  for (;;) {
    const registered = await call('POST', '/register', user.auth, {
      event_types: JSON.stringify(['message', 'delete_message']),
      narrow: JSON.stringify([['channel', 'general']]),
    });
    if (!registered) return;
    let lastEventId = registered.last_event_id;
    let lastMessageId = registered.max_message_id ?? 0;
    for (;;) {
      if (stopping) return;
      const started = Date.now();
      const body = await call('GET', '/events', user.auth, {
        queue_id: registered.queue_id,
        last_event_id: lastEventId,
      });
      if (!body) return;
      if (body.code === 'BAD_EVENT_QUEUE_ID') {
        stats.reregistered += 1;
        break;
      }
      for (const event of body.events) {
        if (event.id !== lastEventId + 1) stats.gaps += 1;
        lastEventId = event.id;
        if (event.type !== 'message') continue;
        if (event.message.id <= lastMessageId) stats.duplicates += 1;
        lastMessageId = event.message.id;
        stats.delivered += 1;
      }
      // At most one poll a second per queue, as a client batching its updates would.
      const wait = 1000 - (Date.now() - started);
      if (wait > 0) await sleep(wait);
    }
  }
}

/**
 * A sender: a message every interval, and the deletion of its oldest once it has more than
 * WINDOW, so that the store stays the same size and RSS can only grow by a leak.
 */
const WINDOW = 20;
async function sender(user, index) {
  await sleep((index * INTERVAL) / SENDERS);
  const mine = [];
  for (let n = 0; !stopping; n += 1) {
    const started = Date.now();
    const body = await call('POST', '/messages', user.auth, {
      type: 'stream',
      to: String(general.stream_id),
      topic: `soak ${index % 5}`,
      content: `message ${n} from sender ${index}`,
    });
    if (body) {
      stats.sent += 1;
      mine.push(body.id);
    }
    if (mine.length > WINDOW && (await call('DELETE', `/messages/${mine.shift()}`, user.auth))) stats.deleted += 1;
    const wait = INTERVAL - (Date.now() - started);
    if (wait > 0) await sleep(wait);
  }
}

const samples = [];
const started = Date.now();
const sample = () => {
  const memory = memoryOf(server.pid);
  const entry = {
    minute: Math.round(((Date.now() - started) / 60_000) * 10) / 10,
    rssMiB: memory ? Math.round(memory.rss) : null,
    ...stats,
  };
  samples.push(entry);
  process.stderr.write(`soak: ${JSON.stringify(entry)}\n`);
};

const clients = [];
for (let q = 0; q < QUEUES; q += 1) clients.push(poller(users[q % users.length]));
for (let s = 0; s < SENDERS; s += 1) clients.push(sender(users[(s * 7) % users.length], s));
const timer = setInterval(sample, SAMPLE_MS);
sample();
await sleep(MINUTES * 60_000);
clearInterval(timer);
sample();
stopping = true;
const exit = await server.stop();
await Promise.race([Promise.allSettled(clients), sleep(5000)]);

const summary = {
  minutes: MINUTES,
  users: USERS,
  queues: QUEUES,
  senders: SENDERS,
  intervalMs: INTERVAL,
  exit,
  errorSamples,
  samples,
};
writeFileSync(values.out, `${JSON.stringify(summary, null, 2)}\n`);
rmSync(dir, { recursive: true, force: true });
process.stdout.write('minute  RSS MiB  requests   sent  deleted  delivered  429s  errors  duplicates  gaps\n');
for (const s of samples) {
  const cells = [
    [s.minute, 6],
    [s.rssMiB, 7],
    [s.requests, 8],
    [s.sent, 6],
    [s.deleted, 7],
    [s.delivered, 9],
    [s.rateLimited, 4],
    [s.errors, 6],
    [s.duplicates, 10],
    [s.gaps, 4],
  ];
  process.stdout.write(`${cells.map(([v, w]) => String(v).padStart(w)).join('  ')}\n`);
}
process.stdout.write(`server exit: ${JSON.stringify(exit)}; results in ${values.out}\n`);
process.exit(stats.errors === 0 && stats.duplicates === 0 ? 0 : 1);
