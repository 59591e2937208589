#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { assembleServer } from './assemble-server.js';
import { createMemoryFileStore, defaultServerConfig, findDemoAccounts, secureRandomBytes, type Db, type DemoAccount } from './core/index.js';
import { consoleLogger } from './node/console-logger.js';
import { nodeHttpSender } from './node/http-sender.js';
import { startPushBouncer, type RunningPushBouncer } from './node/push-bouncer-server.js';
import { listen } from './node/node-server.js';
import { writeZuliprcFiles, zuliprcPath } from './node/zuliprc-files.js';
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
  --webhook-timeout-secs N     outgoing-webhook request timeout (default 10)
  --webhook-retries N          retries after a timeout or failed connection (default 3)
  --webhook-retry-delay-secs N wait before each retry (default 0, as the real server)
  --push-bouncer               start a local push bouncer in this process (E2EE push; its
                               data beside the data file, FILE.push-bouncer.json)
  --push-bouncer-port N        its port (default 9993; 0 picks a free one)
  --push-bouncer-url URL       use the push bouncer at URL (teamchat-push-bouncer)
  --quiet           do not log each request
  -h, --help        show this help
`;

/** How often an idle server looks for due jobs (the clean-up of unused uploads). */
const JOB_INTERVAL_MS = 60 * 60 * 1000;
/** How often the server looks for outbox jobs whose retry has become due. */
const OUTBOX_INTERVAL_MS = 1000;

function fail(message: string): never {
  process.stderr.write(`teamchat-server: ${message}\n`);
  process.exit(1);
}

function integerOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) fail(`--${name} must be a non-negative integer, got '${value}'`);
  return Number(value);
}

function printAccounts(accounts: readonly DemoAccount[], site: string, files: string[] | null): void {
  const out = process.stdout;
  out.write('\nDemo organization "Teamchat Demo" — accounts:\n');
  for (const account of accounts) {
    out.write(`  ${account.role.padEnd(13)} ${account.email.padEnd(28)} key ${account.apiKey}${account.password ? `  password ${account.password}` : ''}\n`);
  }
  const owner = accounts.find((a) => a.role === 'owner');
  if (files) out.write(`\nA zuliprc per account was written beside the data file:\n${files.map((f) => `  ${f}`).join('\n')}\n`);
  if (owner) {
    out.write(`\nTry:\n  curl -u ${owner.email}:${owner.apiKey} ${site}/api/v1/users\n`);
    if (files) out.write(`  npx teamchat --config ${files[0]} users list\n`);
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
        // Integrations (outgoing webhooks, push bouncer)
        'webhook-timeout-secs': { type: 'string' },
        'webhook-retries': { type: 'string' },
        'webhook-retry-delay-secs': { type: 'string' },
        'push-bouncer': { type: 'boolean' },
        'push-bouncer-port': { type: 'string' },
        'push-bouncer-url': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
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
  const integrations = {
    outgoingWebhookTimeoutSecs: integerOption(args['webhook-timeout-secs'], 'webhook-timeout-secs', defaultServerConfig.outgoingWebhookTimeoutSecs),
    outgoingWebhookMaxRetries: integerOption(args['webhook-retries'], 'webhook-retries', defaultServerConfig.outgoingWebhookMaxRetries),
    outgoingWebhookRetryDelaySecs: integerOption(args['webhook-retry-delay-secs'], 'webhook-retry-delay-secs', defaultServerConfig.outgoingWebhookRetryDelaySecs),
  };
  const dataFile = resolve(args.data ?? '.teamchat/data.json');
  const log = consoleLogger;
  const random = secureRandomBytes;
  const now = () => Date.now();
  if (args['push-bouncer'] && args['push-bouncer-url']) fail('give --push-bouncer or --push-bouncer-url, not both');
  let bouncer: RunningPushBouncer | null = null;
  if (args['push-bouncer']) {
    const bouncerPort = integerOption(args['push-bouncer-port'], 'push-bouncer-port', 9993);
    await mkdir(dirname(dataFile), { recursive: true });
    bouncer = await startPushBouncer({ port: bouncerPort, host, ...(args.memory ? {} : { dataFile: `${dataFile}.push-bouncer.json` }), log, logRequests: false });
  }
  const pushBouncerUrl = bouncer?.url ?? args['push-bouncer-url'] ?? null;

  let store: Store<Db>;
  if (args.memory) {
    store = new Store<Db>();
  } else {
    await mkdir(dirname(dataFile), { recursive: true });
    try {
      ({ store } = await openDiskStore<Db>(dataFile, { log }));
    } catch (error) {
      fail(error instanceof Error ? error.message.replace(/^\[teamchat-server\] /, '') : String(error));
    }
  }

  // The organization's URL is known before listening unless the port is picked by the OS.
  const realmUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const files = args.memory ? createMemoryFileStore() : createDiskFileStore(uploadsDirOf(dataFile));
  const { core, handler, accounts } = await assembleServer({
    store,
    files,
    config: { heartbeatMs, ...uploads, ...integrations, pushBouncerUrl, ...(port === 0 ? {} : { realmUrl }) },
    now,
    random,
    log,
    outbound: nodeHttpSender,
  });
  store.onFailure((error) => {
    // Memory now holds writes the disk does not: stop, and let the next start replay the journal.
    log.error('a write could not be made durable; stopping so that a restart recovers from the journal', { error: error.message });
    process.exit(1);
  });
  const running = await listen({ handler, port, host, log, logRequests: !args.quiet });
  // Requests run due jobs (unused uploads) first; this timer covers an idle server.
  setInterval(() => void core.services.runDueJobs(), JOB_INTERVAL_MS).unref();
  // Outbox retries that wait (outgoing webhooks, push) become due on the clock: look every second.
  setInterval(() => core.services.jobs.kick(), OUTBOX_INTERVAL_MS).unref();
  core.services.config.realmUrl = running.url;
  process.stdout.write(`teamchat-server listening on ${running.url} (API at ${running.url}/api/v1)\n`);
  process.stdout.write(args.memory ? 'Data: in memory only\n' : `Data: ${dataFile}\n`);
  if (pushBouncerUrl) {
    const keys = bouncer ? ` (bouncer_public_key ${bouncer.bouncer.publicKeys()[0] ?? ''})` : '';
    process.stdout.write(`Push bouncer: ${pushBouncerUrl}${keys}\n`);
  }
  if (accounts) {
    const files = args.memory ? null : await writeZuliprcFiles(dataFile, accounts, running.url);
    printAccounts(accounts, running.url, files);
  } else if (existsSync(zuliprcPath(dataFile, 'owner'))) {
    process.stdout.write(`Accounts: see the zuliprc-* files in ${dirname(dataFile)}\n`);
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
      await bouncer?.close();
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
