#!/usr/bin/env node
// `npm run bench`: first the SDK's browser bundle sizes (bundle-size.mjs), then the reference
// server against a bare node:http baseline, per scenario (scenarios.mjs), in one run; prints
// a table of ratios and writes results/latest.json.
// See README.md. Everything started here is stopped here, whatever happens.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApi } from './api.mjs';
import { formatBundleReport, measureBundles } from './bundle-size.mjs';
import { compareScenario } from './compare.mjs';
import { MOCK_ROW, parseOptions, USAGE } from './options.mjs';
import { memoryOf, runNode } from './processes.mjs';
import { formatReport } from './report.mjs';
import { scenarios } from './scenarios.mjs';
import { measurePopulate, measureSimulate } from './life.mjs';
import { measureStartup } from './startup.mjs';
import { checkServerBuild, seedDataFile, startBaseline, startReferenceServer } from './targets.mjs';
import { formatWebReport, measureWebApp } from './web-app.mjs';

const MOCK_SCRIPT = fileURLToPath(new URL('./mock-bench.mjs', import.meta.url));
/** The mock's target (issue 28): its calls per second at least this share of a plain MSW handler's. */
export const MOCK_TARGET = { ratio: 0.7 };

const RESULTS = fileURLToPath(new URL('./results/latest.json', import.meta.url));

const children = [];
let tmpDir = null;
let closing = null;

/** Stops every child (SIGTERM, then SIGKILL) and removes the temp dir; safe to call twice. */
function closeAll() {
  closing ??= (async () => {
    const exits = await Promise.allSettled(children.map((child) => child.stop()));
    if (tmpDir) await rm(tmpDir, { recursive: true, force: true });
    return Object.fromEntries(children.map((child, i) => [child.label, exits[i].value ?? null]));
  })();
  return closing;
}

// Last resort when the harness exits without reaching closeAll (an uncaught error).
process.on('exit', () => {
  for (const child of children) child.kill();
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    process.stderr.write(`\n[bench] ${signal}: stopping\n`);
    void closeAll().finally(() => process.exit(130));
  });
}

const log = (message) => process.stderr.write(`[bench] ${message}\n`);

async function main() {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const wanted = (name) => options.only.length === 0 || options.only.some((text) => name.includes(text));
  const selected = scenarios(options).filter((s) => wanted(s.name));
  const startupSizes = options.startup.filter((size) => wanted(`start-up ${size}`));
  const populateSizes = options.populate.filter((size) => wanted(`populate ${size}`));
  const simulateRates = options.simulate.filter((rate) => wanted(`simulate ${rate}/min`));
  const mockRow = wanted(MOCK_ROW);
  const webApp = wanted('web app');
  if (
    selected.length === 0 &&
    startupSizes.length + populateSizes.length + simulateRates.length === 0 &&
    !mockRow &&
    !webApp
  )
    throw new Error(`no scenario matches --only ${options.only.join(', ')}`);
  const stale = checkServerBuild();
  if (stale) log(`warning: ${stale}`);
  // The SDK's weight in a browser first: a second, no server needed.
  const bundles = await measureBundles();
  process.stdout.write(`${formatBundleReport(bundles)}\n`);

  const { only, help, populate: _populate, simulate: _simulate, ...settings } = options;
  const report = {
    date: new Date().toISOString(),
    node: process.versions.node,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown CPU',
    settings,
    bundles,
    scenarios: [],
    startup: [],
    life: [],
    mock: null,
    memory: {},
    exits: {},
  };

  const track = (child) => children.push(child);
  try {
    tmpDir = await mkdtemp(join(os.tmpdir(), 'teamchat-bench-'));
    if (selected.length > 0) {
      let dataFile;
      if (options.messages > 0) {
        log(`seeding ${options.messages} messages directly through the store`);
        const seeded = await seedDataFile(tmpDir, 'data.json', options.messages, track);
        report.seed = { messages: options.messages, seconds: seeded.seconds, bytes: seeded.bytes };
        log(`seeded in ${seeded.seconds.toFixed(1)} s`);
        dataFile = seeded.dataFile;
      }
      const server = await startReferenceServer(tmpDir, track, dataFile);
      const baseline = await startBaseline(track);
      log(
        `server ${server.origin} (pid ${server.process.pid}, data in ${tmpDir}), baseline ${baseline.origin} (pid ${baseline.process.pid})`,
      );
      const api = createApi(server.origin, server.accounts);
      for (const scenario of selected) {
        const say = (message) => log(`${scenario.name}: ${message}`);
        try {
          report.scenarios.push(await compareScenario(scenario, { server, baseline, api, settings, log: say }));
        } catch (error) {
          say(`failed: ${error.message}`);
          report.scenarios.push({
            name: scenario.name,
            method: scenario.method,
            path: scenario.path,
            error: error.message,
          });
        }
      }
      report.memory = { server: memoryOf(server.process.pid), baseline: memoryOf(baseline.process.pid) };
      // Stopped before the start-up rows, which need the machine to themselves.
      report.exits['teamchat-server'] = await server.process.stop();
      report.exits.baseline = await baseline.process.stop();
    }
    for (const size of startupSizes) {
      const say = (message) => log(`start-up ${size}: ${message}`);
      try {
        report.startup.push(await measureStartup({ size, dir: tmpDir, settings, log: say, track }));
      } catch (error) {
        say(`failed: ${error.message}`);
        report.startup.push({ name: `start-up ${size}`, messages: size, error: error.message, problems: [] });
      }
    }
    for (const size of populateSizes) {
      const say = (message) => log(`populate ${size}: ${message}`);
      try {
        report.life.push(await measurePopulate({ size, dir: tmpDir, log: say, track }));
      } catch (error) {
        say(`failed: ${error.message}`);
        report.life.push({ name: `populate ${size}`, error: error.message, problems: [] });
      }
    }
    for (const perMinute of simulateRates) {
      const say = (message) => log(`simulate ${perMinute}/min: ${message}`);
      try {
        report.life.push(await measureSimulate({ perMinute, dir: tmpDir, settings, log: say, track }));
      } catch (error) {
        say(`failed: ${error.message}`);
        report.life.push({ name: `simulate ${perMinute}/min`, error: error.message, problems: [] });
      }
    }
    if (mockRow) {
      // In a process of its own: the mock and MSW share its event loop with nothing else.
      log(`${MOCK_ROW}: warm-up ${settings.warmup} s each, then ${settings.rounds} × ${settings.duration} s per side`);
      try {
        const output = await runNode({
          label: 'mock-bench',
          script: MOCK_SCRIPT,
          args: [String(settings.duration), String(settings.rounds), String(settings.warmup)],
          onStarted: track,
        });
        const measured = JSON.parse(output);
        report.mock = {
          name: MOCK_ROW,
          ...measured,
          target: MOCK_TARGET,
          met: measured.ratio >= MOCK_TARGET.ratio,
          problems: [],
        };
      } catch (error) {
        log(`${MOCK_ROW}: failed: ${error.message}`);
        report.mock = { name: MOCK_ROW, error: error.message, problems: [] };
      }
    }
  } finally {
    await closeAll();
  }

  // The web app's size, first paint and scrolling (bench/web-app.mjs), on a machine of its own.
  if (webApp) {
    try {
      report.web = await measureWebApp({
        messages: options.messages || 100_000,
        log: (message) => log(`web app: ${message}`),
      });
    } catch (error) {
      log(`web app: failed: ${error.message}`);
      report.web = { error: error.message, problems: [error.message] };
    }
  }

  mkdirSync(join(RESULTS, '..'), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(formatReport(report));
  if (report.web?.assets) process.stdout.write(formatWebReport(report.web));
  log(`results written to ${RESULTS}`);
  const serverExit = report.exits['teamchat-server'];
  if (serverExit && serverExit.code !== 0) log(`the server did not shut down cleanly: ${JSON.stringify(serverExit)}`);
  const failed =
    [...report.scenarios, ...report.startup, ...report.life, ...(report.mock ? [report.mock] : [])].some(
      (s) => s.error || s.problems.length > 0,
    ) ||
    bundles.some((b) => b.problems.length > 0) ||
    (report.web?.problems.length ?? 0) > 0;
  return failed || (serverExit && serverExit.code !== 0) ? 1 : 0;
}

main().then(
  (code) => (process.exitCode = code),
  async (error) => {
    process.stderr.write(`[bench] ${error.stack ?? error.message}\n`);
    await closeAll();
    process.exitCode = 1;
  },
);
