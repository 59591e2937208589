#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { API_PREFIX } from '@teamchat/schema';
import { assembleServer } from './assemble-server.js';
import { createMemoryFileStore, defaultRateLimits, DEV_PASSWORD_POLICY, defaultServerConfig, findDemoAccounts, implementedEndpoints, secureRandomBytes, type Db, type DemoAccount, type RateLimitRules } from './core/index.js';
import { consoleLogger } from './node/console-logger.js';
import { describeListenError } from './node/listen-error.js';
import { defaultTimeouts, listen, type RunningServer } from './node/node-server.js';
import { exportOrganizationFile, organizationName, seedFromFixtureFile } from './organization-files.js';
import { openApiSource } from './rest/openapi.js';
import { corsOriginOf } from './rest/cors.js';
import { nodeHttpSender } from './node/http-sender.js';
import { startPushBouncer, type RunningPushBouncer } from './node/push-bouncer-server.js';
import { writeZuliprcFiles, zuliprcPath, type ZuliprcResult } from './node/zuliprc-files.js';
import { createDiskFileStore, uploadsDirOf } from './node/disk-file-store.js';
import { openDiskStore } from './store/disk/index.js';
import { staticFolder, webAppFolder } from './node/static-folder.js';
import { outboxCommand } from './node/outbox-command.js';
import { Store } from './store/store.js';

const HELP = `Usage: teamchat-server [options]
       teamchat-server outbox [--data FILE] [--to ADDRESS] [--last N] [--json]

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
  --cors-origin URL let pages of this origin call the API from a browser (CORS; repeatable;
                    e.g. http://localhost:5173). Default none, as on the real server
  --webhook-timeout-secs N     outgoing-webhook request timeout (default 10)
  --webhook-retries N          retries after a timeout or failed connection (default 3)
  --webhook-retry-delay-secs N wait before each retry (default 0, as the real server)
  --push-bouncer               start a local push bouncer in this process (E2EE push; its
                               data beside the data file, FILE.push-bouncer.json)
  --push-bouncer-port N        its port (default 9993; 0 picks a free one)
  --push-bouncer-url URL       use the push bouncer at URL (teamchat-push-bouncer)
  --bigbluebutton-url URL      the BigBlueButton server for video calls (its API base,
                               e.g. https://bbb.example.com/bigbluebutton/); with the secret
  --bigbluebutton-secret S     its shared secret (bbb-conf --secret)
  --password-min-length N      shortest password accepted (default 6; PASSWORD_MIN_LENGTH)
  --password-min-guesses N     fewest zxcvbn guesses a password must need (default 10000;
                               PASSWORD_MIN_GUESSES)
  --dev             a development server: POST /dev_fetch_api_key gives any account's API
                    key without a password, any non-empty password is accepted (unless the
                    two options above say otherwise). Loopback addresses only
  --show-emails     serve the email outbox (every email the server sent: invitations,
                    confirmations) as JSON at GET /dev/emails; development only, refused
                    unless --host is a loopback address
  --journal-size N  entries the inspector's request journal keeps (default 1000; 0: none).
                    It records only while an administrator's web session is live
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

Organization files and API description:
  --seed FILE       start a new data file (or --memory) with the organization of a
                    fixture file (JSON, or YAML for .yaml/.yml) instead of the demo
  --export FILE     write the organization of --data to a fixture file (JSON, or YAML
                    for .yaml/.yml) and exit; works while a server runs on it
  --print-openapi   print the OpenAPI 3.1 document of the API (JSON) and exit

Email outbox (the server delivers no mail; it keeps what it would send):
  outbox            print the emails of --data (see teamchat-server outbox --help)
`;

/** How often an idle server looks for due jobs (the clean-up of unused uploads). */
const JOB_INTERVAL_MS = 60 * 60 * 1000;
/** How often the server looks for outbox jobs whose retry has become due. */
const OUTBOX_INTERVAL_MS = 1000;

/** Whether `host` is a loopback address (what `--dev` listens on). */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function fail(message: string): never {
  process.stderr.write(`teamchat-server: ${message}\n`);
  process.exit(1);
}

/** Runs a step whose errors are the operator's to fix (files, fixtures): one line, no stack. */
async function operatorStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    return fail(error instanceof Error ? error.message.replace(/^\[teamchat-server\] /, '') : String(error));
  }
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

function printAccounts(name: string, accounts: readonly DemoAccount[], site: string, zuliprc: ZuliprcResult | null): void {
  const files = zuliprc?.written ?? null;
  const out = process.stdout;
  out.write(`\nOrganization "${name}" — accounts:\n`);
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

/**
 * Writes the accounts' zuliprc files beside the data file: all of them after seeding, again
 * when they went missing (or a start stopped before writing them). Returns the accounts to
 * print with their files, or `printed: null` when the files were already there.
 */
async function writeAccountFiles(
  store: Store<Db>,
  dataFile: string,
  seeded: readonly DemoAccount[] | null,
  site: string,
): Promise<{ printed: readonly DemoAccount[] | null; files: ZuliprcResult | null }> {
  if (seeded) return { printed: seeded, files: await writeZuliprcFiles(dataFile, seeded, site) };
  if (existsSync(zuliprcPath(dataFile, 'owner'))) return { printed: null, files: null };
  const demo = findDemoAccounts(store);
  return demo.length > 0 ? { printed: demo, files: await writeZuliprcFiles(dataFile, demo, site) } : { printed: null, files: null };
}

async function main(): Promise<void> {
  if (process.argv[2] === 'outbox') {
    process.stdout.write(await operatorStep(() => outboxCommand(process.argv.slice(3))));
    return;
  }
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
        'cors-origin': { type: 'string', multiple: true },
        // Integrations (outgoing webhooks, push bouncer)
        'webhook-timeout-secs': { type: 'string' },
        'webhook-retries': { type: 'string' },
        'webhook-retry-delay-secs': { type: 'string' },
        'push-bouncer': { type: 'boolean' },
        'push-bouncer-port': { type: 'string' },
        'push-bouncer-url': { type: 'string' },
        'bigbluebutton-url': { type: 'string' },
        'bigbluebutton-secret': { type: 'string' },
        'password-min-length': { type: 'string' },
        'password-min-guesses': { type: 'string' },
        dev: { type: 'boolean' },
        quiet: { type: 'boolean' },
        'show-emails': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        'print-openapi': { type: 'boolean' },
        seed: { type: 'string' },
        export: { type: 'string' },
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
        'journal-size': { type: 'string' },
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
  // The outbox holds every invitation link: served only where nobody else can reach it.
  if (args['show-emails'] && !/^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(host)) {
    fail(`--show-emails serves every invitation and confirmation link to whoever asks: use it on a loopback address, not --host ${host}`);
  }
  const port = integerOption(args.port, 'port', 9991);
  if (port > 65_535) fail(`--port must be between 0 and 65535, got ${port}`);
  const heartbeatMs = integerOption(args['heartbeat-ms'], 'heartbeat-ms', 50_000);
  const uploads = {
    maxFileUploadSizeMib: integerOption(args['max-upload-mib'], 'max-upload-mib', defaultServerConfig.maxFileUploadSizeMib),
    unclaimedAttachmentWeeks: integerOption(args['unused-upload-weeks'], 'unused-upload-weeks', defaultServerConfig.unclaimedAttachmentWeeks),
  };
  let corsOrigins: string[] = [];
  try {
    corsOrigins = (args['cors-origin'] ?? []).map(corsOriginOf);
  } catch (error) {
    fail(`--cors-origin: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (args['print-openapi']) {
    const document = openApiSource(implementedEndpoints)(`http://${host.includes(':') ? `[${host}]` : host}:${port}${API_PREFIX}`);
    // A reader that stops early (`| head`) is no error.
    process.stdout.on('error', (error: NodeJS.ErrnoException) => process.exit(error.code === 'EPIPE' ? 0 : 1));
    process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    return;
  }
  const integrations = {
    outgoingWebhookTimeoutSecs: integerOption(args['webhook-timeout-secs'], 'webhook-timeout-secs', defaultServerConfig.outgoingWebhookTimeoutSecs),
    outgoingWebhookMaxRetries: integerOption(args['webhook-retries'], 'webhook-retries', defaultServerConfig.outgoingWebhookMaxRetries),
    outgoingWebhookRetryDelaySecs: integerOption(args['webhook-retry-delay-secs'], 'webhook-retry-delay-secs', defaultServerConfig.outgoingWebhookRetryDelaySecs),
  };
  const d = defaultServerConfig;
  const devMode = args.dev === true;
  if (devMode && !isLoopback(host)) fail(`--dev gives API keys without passwords: it listens on loopback addresses only (127.0.0.1, ::1, localhost), not ${host}`);
  const bbbUrl = args['bigbluebutton-url'];
  const bbbSecret = args['bigbluebutton-secret'];
  if ((bbbUrl === undefined) !== (bbbSecret === undefined)) fail('give --bigbluebutton-url and --bigbluebutton-secret together');
  if (bbbUrl !== undefined && !/^https?:\/\/[^/]/.test(bbbUrl)) fail(`--bigbluebutton-url must be an http(s) URL, got '${bbbUrl}'`);
  const basePolicy = devMode ? DEV_PASSWORD_POLICY : d;
  const development = {
    devMode,
    passwordMinLength: integerOption(args['password-min-length'], 'password-min-length', basePolicy.passwordMinLength),
    passwordMinGuesses: integerOption(args['password-min-guesses'], 'password-min-guesses', basePolicy.passwordMinGuesses),
    bigBlueButtonUrl: bbbUrl === undefined ? null : bbbUrl.endsWith('/') ? bbbUrl : `${bbbUrl}/`,
    bigBlueButtonSecret: bbbSecret ?? null,
  };
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
  // The organization's URL is known before listening unless the port is picked by the OS.
  const realmUrl = port === 0 ? undefined : `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const journalSize = integerOption(args['journal-size'], 'journal-size', d.journalSize);
  const config = { heartbeatMs, ...uploads, showEmails: args['show-emails'] === true, journalSize, ...(realmUrl ? { realmUrl } : {}) };

  // Organization files: --export writes one and exits; --seed starts a new organization from one.
  if (args.export !== undefined) {
    process.stdout.write(`${await operatorStep(() => exportOrganizationFile(dataFile, resolve(args.export as string)))}\n`);
    return;
  }
  if (args.seed !== undefined && !args.memory && existsSync(dataFile)) {
    fail(`--seed starts a new data file, but ${dataFile} exists: pick another --data (or remove it)`);
  }
  const seeded = args.seed === undefined ? null : await operatorStep(() => seedFromFixtureFile(resolve(args.seed as string), { config, now, random, log }));

  if (args['push-bouncer'] && args['push-bouncer-url']) fail('give --push-bouncer or --push-bouncer-url, not both');
  let bouncer: RunningPushBouncer | null = null;
  if (args['push-bouncer']) {
    const bouncerPort = integerOption(args['push-bouncer-port'], 'push-bouncer-port', 9993);
    await mkdir(dirname(dataFile), { recursive: true });
    bouncer = await startPushBouncer({ port: bouncerPort, host, ...(args.memory ? {} : { dataFile: `${dataFile}.push-bouncer.json` }), log, logRequests: false }).catch((error: unknown) =>
      fail(`push bouncer: ${describeListenError(error, { host, port: bouncerPort })}`),
    );
  }
  const pushBouncerUrl = bouncer?.url ?? args['push-bouncer-url'] ?? null;

  let store: Store<Db>;
  if (args.memory) {
    store = new Store<Db>(seeded?.document);
  } else {
    await mkdir(dirname(dataFile), { recursive: true });
    // The store's real path: a link to a data file and the file itself are one store.
    ({ store, dataFile } = await operatorStep(() => openDiskStore<Db>(dataFile, { log, ...(seeded ? { seed: seeded.document } : {}) })));
  }

  const files = args.memory ? createMemoryFileStore() : createDiskFileStore(uploadsDirOf(dataFile));
  // The web app of the installed @teamchat/web, served at / (none when it is not built).
  const webFolder = webAppFolder();
  const assembled = await assembleServer({
    store,
    files,
    config: { ...config, ...integrations, ...limits, ...development, pushBouncerUrl },
    now,
    random,
    log,
    outbound: nodeHttpSender,
    rest: { corsOrigins, ...(webFolder === null ? {} : { webApp: staticFolder(webFolder) }) },
  });
  const { core, handler } = assembled;
  const accounts = seeded?.accounts ?? assembled.accounts;
  store.onFailure((error) => {
    // The claim on the files was lost (logged by the store): keep answering reads, refuse writes
    // (503), write nothing on the way out.
    if (error.name === 'ClaimLostError') return;
    // Memory now holds writes the disk does not: stop, and let the next start replay the journal.
    log.error('a write could not be made durable; stopping so that a restart recovers from the journal', { error: error.message });
    process.exit(1);
  });
  // The zuliprc files are written before the port opens, so that a script waiting for the port
  // finds them; with --port 0 the address is known only once bound, and they are written
  // before the "listening" line (the only way to learn the port).
  const writeAccounts = async (site: string) => (args.memory ? null : await writeAccountFiles(store, dataFile, accounts, site));
  let written = realmUrl === undefined ? null : await writeAccounts(realmUrl);
  let running: RunningServer;
  try {
    running = await listen({ handler, port, host, log, logRequests: !args.quiet, timeouts });
  } catch (error) {
    await store.close();
    await bouncer?.close();
    fail(describeListenError(error, { host, port }));
  }
  if (realmUrl === undefined) written = await writeAccounts(running.url);
  // Requests run due jobs (unused uploads) first; this timer covers an idle server.
  setInterval(() => void core.services.runDueJobs(), JOB_INTERVAL_MS).unref();
  // Outbox retries that wait (outgoing webhooks, push) become due on the clock: look every second.
  setInterval(() => core.services.jobs.kick(), OUTBOX_INTERVAL_MS).unref();
  core.services.config.realmUrl = running.url;
  process.stdout.write(`teamchat-server listening on ${running.url} (API at ${running.url}/api/v1)\n`);
  process.stdout.write(args.memory ? 'Data: in memory only\n' : `Data: ${dataFile}\n`);
  process.stdout.write(webFolder === null ? 'Web app: not built (npm run build in packages/web)\n' : `Web app: open ${running.url}/ and log in\n`);
  if (devMode) process.stdout.write('Development mode: POST /api/v1/dev_fetch_api_key gives any account\'s API key (never use on a shared machine)\n');
  if (corsOrigins.length > 0) process.stdout.write(`CORS: pages of ${corsOrigins.join(', ')} may call the API\n`);
  if (pushBouncerUrl) {
    const keys = bouncer ? ` (bouncer_public_key ${bouncer.bouncer.publicKeys()[0] ?? ''})` : '';
    process.stdout.write(`Push bouncer: ${pushBouncerUrl}${keys}\n`);
  }
  if (args.memory && accounts) printAccounts(organizationName(store), accounts, running.url, null);
  else if (written?.printed) printAccounts(organizationName(store), written.printed, running.url, written.files);
  else if (!args.memory) process.stdout.write(`Accounts: see the ${basename(zuliprcPath(dataFile, '<role>'))} files in ${dirname(dataFile)}\n`);

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

// Any other start-up failure is one line too: an operator needs the reason, not a stack.
main().catch((error: unknown) => fail(`start-up failed: ${error instanceof Error ? error.message : String(error)}`));
