#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { assembleServer } from './assemble-server.js';
import { createMemoryFileStore, defaultRateLimits, defaultServerConfig, findDemoAccounts, secureRandomBytes, type Db, type DemoAccount, type RateLimitRules } from './core/index.js';
import { consoleLogger } from './node/console-logger.js';
import { defaultTimeouts, listen } from './node/node-server.js';
import { writeZuliprcFiles, zuliprcPath, type ZuliprcResult } from './node/zuliprc-files.js';
import { createDiskFileStore, uploadsDirOf } from './node/disk-file-store.js';
import { openDiskStore } from './store/disk/index.js';
import { Store } from './store/store.js';

const HELP = `Usage: teamchat-server [options]

Runs the teamchat reference server (the team chat / Zulip REST API at /api/v1).

Options:
  --data FILE       JSON data file (default .teamchat/data.json); created with a demo
                    organization when missing, with a zuliprc per account beside it;
                    uploaded files go to the directory FILE.uploads
  --port N          port to listen on (default 9991; 0 picks a free one)
  --host HOST       address to listen on (default 127.0.0.1)
  --memory          keep everything in memory (nothing is written)
  --heartbeat-ms N  GET /events heartbeat interval (default 50000)
  --max-upload-mib N      largest uploaded file, in MiB (default 25)
  --unused-upload-weeks N delete uploads no message links after N weeks (default 5)
  --quiet           do not log each request
  -h, --help        show this help

Limits (for a server facing the internet; see the README):
  --rate-limit on|off|RULES  rate limits, 429 RATE_LIMIT_HIT (default on: api_by_user=60:200,
                    api_by_ip=60:100, authenticate_by_username=1800:5, authenticate_by_ip=60:30);
                    RULES changes some, e.g. 'api_by_user=60:1000;authenticate_by_ip=60:10';
                    off for load tests
  --max-queues-per-user N           event queues per user; one more drops the oldest (default 50)
  --max-queued-events N             undelivered events per queue; past it the queue is
                                    dropped and its client re-registers (default 10000)
  --max-long-polls-per-user N       GET /events requests waiting at once per user (default 20)
  --max-concurrent-uploads N        uploads received at once, server-wide (default 4)
  --max-concurrent-uploads-per-user N  (default 2)
  --upload-quota-mib N              total size of the organization's uploads (default none)
  --headers-timeout-ms N            to receive a request's headers (default 10000)
  --request-timeout-ms N            to receive a whole request, body included (default 120000)
  --keep-alive-timeout-ms N         idle keep-alive connections are closed after (default 15000)
`;

/** How often an idle server looks for due jobs (the clean-up of unused uploads). */
const JOB_INTERVAL_MS = 60 * 60 * 1000;

function fail(message: string): never {
  process.stderr.write(`teamchat-server: ${message}\n`);
  process.exit(1);
}

function integerOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) fail(`--${name} must be a non-negative integer, got '${value}'`);
  return Number(value);
}

/** `--rate-limit`: `on`, `off`, or rules over the defaults (`domain=SECONDS:COUNT[,SECONDS:COUNT];…`). */
function rateLimitOption(value: string | undefined): RateLimitRules | null {
  if (value === undefined || value === 'on') return defaultRateLimits;
  if (value === 'off') return null;
  const rules: Record<string, [number, number][]> = { ...defaultRateLimits } as never;
  for (const part of value.split(';').filter(Boolean)) {
    const [domain = '', list = ''] = part.split('=');
    const pairs = list.split(',').map((pair) => pair.split(':').map(Number) as [number, number]);
    if (!(domain in defaultRateLimits) || pairs.some((p) => p.length !== 2 || !p.every((n) => Number.isInteger(n) && n > 0))) {
      fail(`--rate-limit: '${part}' is not DOMAIN=SECONDS:COUNT[,SECONDS:COUNT] with DOMAIN one of ${Object.keys(defaultRateLimits).join(', ')}`);
    }
    rules[domain] = pairs;
  }
  return rules as unknown as RateLimitRules;
}

function printAccounts(accounts: readonly DemoAccount[], site: string, zuliprc: ZuliprcResult | null): void {
  const files = zuliprc?.written ?? null;
  const out = process.stdout;
  out.write('\nDemo organization "Teamchat Demo" — accounts:\n');
  for (const account of accounts) {
    out.write(`  ${account.role.padEnd(13)} ${account.email.padEnd(28)} key ${account.apiKey}${account.password ? `  password ${account.password}` : ''}\n`);
  }
  const owner = accounts.find((a) => a.role === 'owner');
  if (files) out.write(`\nA zuliprc per account was written beside the data file:\n${files.map((f) => `  ${f}`).join('\n')}\n`);
  for (const { path, store } of zuliprc?.skipped ?? []) out.write(`Not overwritten: ${path} belongs to the store ${store}\n`);
  if (owner) {
    out.write(`\nTry:\n  curl -u ${owner.email}:${owner.apiKey} ${site}/api/v1/users\n`);
    if (files?.[0]) out.write(`  npx teamchat --config ${files[0]} users list\n`);
  }
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        data: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        memory: { type: 'boolean' },
        'heartbeat-ms': { type: 'string' },
        'max-upload-mib': { type: 'string' },
        'unused-upload-weeks': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        'rate-limit': { type: 'string' },
        'max-queues-per-user': { type: 'string' },
        'max-queued-events': { type: 'string' },
        'max-long-polls-per-user': { type: 'string' },
        'max-concurrent-uploads': { type: 'string' },
        'max-concurrent-uploads-per-user': { type: 'string' },
        'upload-quota-mib': { type: 'string' },
        'headers-timeout-ms': { type: 'string' },
        'request-timeout-ms': { type: 'string' },
        'keep-alive-timeout-ms': { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
  }
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }
  const host = args.host ?? '127.0.0.1';
  const port = integerOption(args.port, 'port', 9991);
  const heartbeatMs = integerOption(args['heartbeat-ms'], 'heartbeat-ms', 50_000);
  const uploads = {
    maxFileUploadSizeMib: integerOption(args['max-upload-mib'], 'max-upload-mib', defaultServerConfig.maxFileUploadSizeMib),
    unclaimedAttachmentWeeks: integerOption(args['unused-upload-weeks'], 'unused-upload-weeks', defaultServerConfig.unclaimedAttachmentWeeks),
  };
  const d = defaultServerConfig;
  const limits = {
    rateLimits: rateLimitOption(args['rate-limit']),
    maxQueuesPerUser: integerOption(args['max-queues-per-user'], 'max-queues-per-user', d.maxQueuesPerUser),
    maxQueuedEvents: integerOption(args['max-queued-events'], 'max-queued-events', d.maxQueuedEvents),
    maxLongPollsPerUser: integerOption(args['max-long-polls-per-user'], 'max-long-polls-per-user', d.maxLongPollsPerUser),
    maxConcurrentUploads: integerOption(args['max-concurrent-uploads'], 'max-concurrent-uploads', d.maxConcurrentUploads),
    maxConcurrentUploadsPerUser: integerOption(args['max-concurrent-uploads-per-user'], 'max-concurrent-uploads-per-user', d.maxConcurrentUploadsPerUser),
    uploadQuotaMib: args['upload-quota-mib'] === undefined ? null : integerOption(args['upload-quota-mib'], 'upload-quota-mib', 0),
  };
  const timeouts = {
    headersTimeoutMs: integerOption(args['headers-timeout-ms'], 'headers-timeout-ms', defaultTimeouts.headersTimeoutMs),
    requestTimeoutMs: integerOption(args['request-timeout-ms'], 'request-timeout-ms', defaultTimeouts.requestTimeoutMs),
    keepAliveTimeoutMs: integerOption(args['keep-alive-timeout-ms'], 'keep-alive-timeout-ms', defaultTimeouts.keepAliveTimeoutMs),
  };
  let dataFile = resolve(args.data ?? '.teamchat/data.json');
  const log = consoleLogger;
  const random = secureRandomBytes;
  const now = () => Date.now();

  let store: Store<Db>;
  if (args.memory) {
    store = new Store<Db>();
  } else {
    await mkdir(dirname(dataFile), { recursive: true });
    try {
      // The store's real path: a link to a data file and the file itself are one store.
      ({ store, dataFile } = await openDiskStore<Db>(dataFile, { log }));
    } catch (error) {
      fail(error instanceof Error ? error.message.replace(/^\[teamchat-server\] /, '') : String(error));
    }
  }

  // The organization's URL is known before listening unless the port is picked by the OS.
  const realmUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const files = args.memory ? createMemoryFileStore() : createDiskFileStore(uploadsDirOf(dataFile));
  const { core, handler, accounts } = await assembleServer({ store, files, config: { heartbeatMs, ...uploads, ...limits, ...(port === 0 ? {} : { realmUrl }) }, now, random, log });
  store.onFailure((error) => {
    // The claim on the files was lost (logged by the store): keep answering reads, refuse writes
    // (503), write nothing on the way out.
    if (error.name === 'ClaimLostError') return;
    // Memory now holds writes the disk does not: stop, and let the next start replay the journal.
    log.error('a write could not be made durable; stopping so that a restart recovers from the journal', { error: error.message });
    process.exit(1);
  });
  const running = await listen({ handler, port, host, log, logRequests: !args.quiet, timeouts });
  // Requests run due jobs (unused uploads) first; this timer covers an idle server.
  setInterval(() => void core.services.runDueJobs(), JOB_INTERVAL_MS).unref();
  core.services.config.realmUrl = running.url;
  process.stdout.write(`teamchat-server listening on ${running.url} (API at ${running.url}/api/v1)\n`);
  process.stdout.write(args.memory ? 'Data: in memory only\n' : `Data: ${dataFile}\n`);
  if (accounts) {
    const files = args.memory ? null : await writeZuliprcFiles(dataFile, accounts, running.url);
    printAccounts(accounts, running.url, files);
  } else if (existsSync(zuliprcPath(dataFile, 'owner'))) {
    process.stdout.write(`Accounts: see the ${basename(zuliprcPath(dataFile, '<role>'))} files in ${dirname(dataFile)}\n`);
  } else {
    // The files went missing (or a start stopped before writing them): write them again.
    const demo = findDemoAccounts(store);
    if (demo.length > 0) printAccounts(demo, running.url, await writeZuliprcFiles(dataFile, demo, running.url));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`received ${signal}; shutting down`);
    try {
      await running.close();
      await store.close();
      process.exit(0);
    } catch (error) {
      log.error('shutdown failed; the journal holds every acknowledged write', { error: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
