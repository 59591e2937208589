import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { API_PREFIX, FEATURE_LEVEL, incomingEndpoints } from '@teamchat/schema';
import { TrafficLanes } from '@teamchat/traffic';
import { assembleServer } from '../assemble-server.js';
import { isLoopback, siteUrl } from '../command-line/listen-options.js';
import { UsageError } from '../command-line/command-spec.js';
import { stopOnSignals } from '../command-line/stop-on-signals.js';
import { createMemoryFileStore, isOperatorRequest, secureRandomBytes, type Db } from '../core/index.js';
import { consoleLogger } from '../node/console-logger.js';
import { createDiskFileStore, uploadsDirOf } from '../node/disk-file-store.js';
import { nodeHttpSender } from '../node/http-sender.js';
import { describeListenError } from '../node/listen-error.js';
import { listen, type RunningServer } from '../node/node-server.js';
import { startPushBouncer, type RunningPushBouncer } from '../node/push-bouncer-server.js';
import { zuliprcPath } from '../node/zuliprc-files.js';
import { staticFolder, webAppFolder } from '../node/static-folder.js';
import { exportOrganizationFile, organizationName, seedFromFixtureFile } from './organization-files.js';
import { openApiSource } from '../rest/openapi.js';
import { openDiskStore, type DiskStore } from '../store/disk/index.js';
import { Store } from '../store/store.js';
import { printAccounts, writeAccountFiles } from './account-files.js';
import { OPERATOR_OPERATION } from './operator.js';
import { serverConfigOf, type ServeValues } from './serve-options.js';
import { coreTrafficPort, trafficAccountsOf } from '../populate/core-traffic-port.js';
import { messagesOf, populateOrganization } from '../populate/populate-organization.js';

/** How often an idle server looks for due jobs (the clean-up of unused uploads). */
const JOB_INTERVAL_MS = 60 * 60 * 1000;
/** How often the server looks for outbox jobs whose retry has become due. */
const OUTBOX_INTERVAL_MS = 1000;
/**
 * How long after listening the server builds the indexes built on first use (a million
 * messages: ~0.2 s), unless a request needed them first: the first answers (a health check,
 * the login page, server settings) do not wait for them.
 */
const INDEXES_AFTER_MS = 100;

/** The options that exclude each other, or need another: usage errors before anything starts. */
function checkCombinations(values: ServeValues): void {
  const { host } = values;
  // The outbox holds every invitation link: served only where nobody else can reach it.
  if (values.showEmails && !isLoopback(host)) {
    throw new UsageError(
      `--show-emails serves every invitation and confirmation link to whoever asks: use it on a loopback address, not --host ${host}`,
    );
  }
  if (values.dev && !isLoopback(host)) {
    throw new UsageError(
      `--dev gives API keys without passwords: it listens on loopback addresses only (127.0.0.1, ::1, localhost), not ${host}`,
    );
  }
  if ((values.bigbluebuttonUrl === undefined) !== (values.bigbluebuttonSecret === undefined)) {
    throw new UsageError('give --bigbluebutton-url and --bigbluebutton-secret together');
  }
  if (values.pushBouncer && values.pushBouncerUrl !== undefined)
    throw new UsageError('give --push-bouncer or --push-bouncer-url, not both');
  if (values.seed !== undefined && values.populate !== undefined)
    throw new UsageError('give --seed or --populate, not both');
}

/**
 * `teamchat-server [options]`: starts the server (or, with `--print-openapi` or `--export`,
 * prints or writes a file and ends). Resolves once it listens; it then runs until SIGTERM,
 * SIGINT, or the end of the npm process that started it.
 */
export async function serve(values: ServeValues): Promise<void> {
  checkCombinations(values);
  const { host, port } = values;
  if (values.printOpenapi) {
    const document = openApiSource(incomingEndpoints)(`${siteUrl(host, port)}${API_PREFIX}`);
    process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    return;
  }
  let dataFile = resolve(values.data);
  // Organization files: --export writes one and exits; --seed starts a new organization from one.
  if (values.export !== undefined) {
    process.stdout.write(`${await exportOrganizationFile(dataFile, resolve(values.export))}\n`);
    return;
  }
  const { memory } = values;
  const log = consoleLogger;
  const random = secureRandomBytes;
  const now = () => Date.now();
  // The organization's URL is known before listening unless the port is picked by the OS.
  const realmUrl = port === 0 ? undefined : siteUrl(host, port);
  const optionConfig = serverConfigOf(values);
  const config = { ...optionConfig, ...(realmUrl ? { realmUrl } : {}) };

  if (values.seed !== undefined && !memory && existsSync(dataFile)) {
    throw new Error(`--seed starts a new data file, but ${dataFile} exists: pick another --data (or remove it)`);
  }
  const { populate } = values;
  if (populate !== undefined && !memory && existsSync(dataFile)) {
    throw new Error(`--populate starts a new data file, but ${dataFile} exists: pick another --data (or remove it)`);
  }
  const seedFile = values.seed === undefined ? undefined : resolve(values.seed);
  const generate = async () => {
    const started = performance.now();
    const { store: generated, accounts } = await populateOrganization({
      size: populate ?? 0,
      randomSeed: values.randomSeed,
      end: now(),
      config,
    });
    process.stdout.write(
      `Generated the organization (${messagesOf(populate ?? 0)} messages) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
    // The generated store itself becomes the server's (no document copied and loaded again).
    return { seed: generated, accounts };
  };
  const fromFile = async (path: string) => {
    const { document, accounts } = await seedFromFixtureFile(path, { config, now, random, log });
    return { seed: document, accounts };
  };
  const seeded = seedFile !== undefined ? await fromFile(seedFile) : populate !== undefined ? await generate() : null;

  let bouncer: RunningPushBouncer | null = null;
  if (values.pushBouncer) {
    const bouncerPort = values.pushBouncerPort;
    await mkdir(dirname(dataFile), { recursive: true });
    bouncer = await startPushBouncer({
      port: bouncerPort,
      host,
      ...(memory ? {} : { dataFile: `${dataFile}.push-bouncer.json` }),
      log,
      logRequests: false,
    }).catch((error: unknown) => {
      throw new Error(`push bouncer: ${describeListenError(error, { host, port: bouncerPort })}`, { cause: error });
    });
  }
  const pushBouncerUrl = bouncer?.url ?? config.pushBouncerUrl ?? null;

  let store: Store<Db>;
  let disk: DiskStore<Db> | null = null;
  if (memory) {
    store = seeded?.seed instanceof Store ? seeded.seed : new Store<Db>(seeded?.seed);
  } else {
    await mkdir(dirname(dataFile), { recursive: true });
    // The store's real path: a link to a data file and the file itself are one store.
    disk = await openDiskStore<Db>(dataFile, {
      log,
      backupChannel: true,
      ...(seeded ? { seed: seeded.seed } : {}),
      // A generated organization's first snapshot takes seconds (1,000,000 messages: ~7 s):
      // reads are answered meanwhile, and writes wait until it is durable.
      answerBeforeFirstSnapshot: populate !== undefined,
    });
    ({ store, dataFile } = disk);
  }

  const files = memory ? createMemoryFileStore() : createDiskFileStore(uploadsDirOf(dataFile));
  // The web app of the installed @teamchat/web, served at / (none when it is not built).
  const webFolder = webAppFolder();
  const assembled = await assembleServer({
    store,
    files,
    config: { ...config, pushBouncerUrl },
    now,
    random,
    log,
    outbound: nodeHttpSender,
    rest: { corsOrigins: [...values.corsOrigin], ...(webFolder === null ? {} : { webApp: staticFolder(webFolder) }) },
  });
  const { core, handler } = assembled;
  // The operator's commands (deactivate-organization, change-user-role, …) reach this process
  // over the store's control channel: it stays the data file's one writer.
  disk?.serveControl(OPERATOR_OPERATION, async (request) => {
    if (!isOperatorRequest(request)) throw new Error('not an operator request');
    return core.operator(request);
  });
  const accounts = seeded?.accounts ?? assembled.accounts;
  store.onFailure((error) => {
    // The claim on the files was lost (logged by the store): keep answering reads, refuse writes
    // (503), write nothing on the way out. (A journal write that fails — a full disk — is no
    // failure: the store undoes it, refuses writes until the disk takes them again, and logs it.)
    if (error.name === 'ClaimLostError') return;
    log.error('the store failed; stopping so that a restart recovers from the journal', { error: error.message });
    process.exit(1);
  });
  // The zuliprc files are written before the port opens, so that a script waiting for the port
  // finds them; with --port 0 the address is known only once bound, and they are written
  // before the "listening" line (the only way to learn the port).
  const writeAccounts = async (site: string) =>
    memory ? null : await writeAccountFiles(store, dataFile, accounts, site);
  let written = realmUrl === undefined ? null : await writeAccounts(realmUrl);
  let running: RunningServer;
  try {
    const timeouts = {
      headersTimeoutMs: values.headersTimeoutMs,
      requestTimeoutMs: values.requestTimeoutMs,
      keepAliveTimeoutMs: values.keepAliveTimeoutMs,
    };
    running = await listen({ handler, port, host, log, logRequests: !values.quiet, timeouts });
  } catch (error) {
    await store.close();
    await bouncer?.close();
    throw new Error(describeListenError(error, { host, port }), { cause: error });
  }
  if (realmUrl === undefined) written = await writeAccounts(running.url);
  // Requests run due jobs (unused uploads) first; this timer covers an idle server.
  setInterval(() => void core.services.runDueJobs(), JOB_INTERVAL_MS).unref();
  // Outbox retries that wait (outgoing webhooks, push) become due on the clock: look every second.
  setInterval(() => core.services.jobs.kick(), OUTBOX_INTERVAL_MS).unref();
  core.configure({ realmUrl: running.url });
  // The message index is built on first use; build it once the server answers (a request that
  // needs it before then builds it, and waits for it).
  setTimeout(() => core.services.indexes.complete(), INDEXES_AFTER_MS).unref();
  const out = process.stdout;
  out.write(`teamchat-server listening on ${running.url} (API at ${running.url}${API_PREFIX})\n`);
  out.write(memory ? 'Data: in memory only\n' : `Data: ${dataFile}\n`);
  const level = core.services.config.featureLevel;
  if (level < FEATURE_LEVEL) out.write(`Answering as feature level ${level}\n`);
  out.write(
    webFolder === null
      ? 'Web app: not built (npm run build in packages/web)\n'
      : `Web app: open ${running.url}/ and log in\n`,
  );
  if (values.dev)
    out.write(
      "Development mode: POST /api/v1/dev_fetch_api_key gives any account's API key (never use on a shared machine)\n",
    );
  if (values.corsOrigin.length > 0) out.write(`CORS: pages of ${values.corsOrigin.join(', ')} may call the API\n`);
  if (pushBouncerUrl) {
    const keys = bouncer ? ` (bouncer_public_key ${bouncer.bouncer.publicKeys()[0] ?? ''})` : '';
    out.write(`Push bouncer: ${pushBouncerUrl}${keys}\n`);
  }
  if (memory && accounts) printAccounts(organizationName(store), accounts, running.url, null);
  else if (written?.printed) printAccounts(organizationName(store), written.printed, running.url, written.files);
  else if (!memory)
    out.write(`Accounts: see the ${basename(zuliprcPath(dataFile, '<role>'))} files in ${dirname(dataFile)}\n`);
  if (written?.updated.length)
    out.write(`The site of ${written.updated.length} zuliprc files is now ${running.url} (it was another address)\n`);

  let stopping = false;
  const rates = values.simulate;
  if (rates) {
    // Live traffic from the organization's people, on the server's own clock.
    const port = coreTrafficPort(() => ({ core, store }), {
      now,
      at: (time) => new Promise((done) => setTimeout(done, Math.max(0, time - now()))),
    });
    const traffic = new TrafficLanes({
      port,
      accounts: trafficAccountsOf(store),
      rates,
      seed: values.randomSeed,
      lanes: values.simulateLanes,
    });
    out.write(
      `Simulating traffic: ${Object.entries(rates)
        .map(([kind, rate]) => `${kind} ${Number(rate.toFixed(2))}/min`)
        .join(', ')} (${values.simulateLanes} at once)\n`,
    );
    void (async () => {
      while (!stopping) await traffic.advance(1000);
    })().catch((error: unknown) =>
      log.error('the traffic simulation stopped', {
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
    );
  }
  stopOnSignals(
    async () => {
      stopping = true;
      await running.close();
      await bouncer?.close();
      await store.close().catch((error: unknown) => {
        throw new Error(
          `${error instanceof Error ? error.message : String(error)}; the journal holds every acknowledged write`,
        );
      });
    },
    { log },
  );
}
