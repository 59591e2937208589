// One scenario, measured against both targets: setup, capture of the server's answer
// (which the baseline then serves), warm-up, then interleaved rounds.
import { authHeaders, encodeForm } from './api.mjs';
import { LatencyHistogram } from './latency.mjs';
import { measure } from './measure.mjs';
import { cpuMicrosOf, memoryOf } from './processes.mjs';

/**
 * The autocannon request of a scenario for one target. A `body` function gets its own
 * count per target, kept across warm-up and rounds, so both targets see the same sequence.
 */
function requestFor(scenario, account) {
  const headers = authHeaders(account);
  const request = { method: scenario.method, path: scenario.path, headers };
  if (scenario.body === undefined) return { request, nextBody: () => undefined };
  headers['content-type'] = 'application/x-www-form-urlencoded';
  if (typeof scenario.body !== 'function') {
    request.body = encodeForm(scenario.body);
    return { request, nextBody: () => request.body };
  }
  let sent = 0;
  const nextBody = () => encodeForm(scenario.body(sent++));
  request.setupRequest = (built) => {
    built.body = nextBody();
    return built;
  };
  return { request, nextBody };
}

/** Sends the scenario's request once to the server and returns what it answered. */
async function capture(origin, { request, nextBody }) {
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: nextBody(),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`the server answered ${response.status}: ${body.toString('utf8', 0, 300)}`);
  return { status: response.status, contentType: response.headers.get('content-type') ?? 'application/json', body };
}

function summarize({ runs, histogram }) {
  const sum = (key) => runs.reduce((total, run) => total + run[key], 0);
  const statusCodes = {};
  for (const run of runs)
    for (const [code, count] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const seconds = sum('seconds');
  const cpu = runs.every((run) => run.cpuMicros !== null) ? sum('cpuMicros') : null;
  return {
    rps: seconds > 0 ? sum('requests') / seconds : 0,
    // CPU time the process used per request answered (µs): what a request costs, whatever the
    // machine's other load does to the requests per second.
    cpuPerRequest: cpu === null || sum('requests') === 0 ? null : cpu / sum('requests'),
    p50: histogram.percentile(50),
    p99: histogram.percentile(99),
    mean: histogram.mean(),
    requests: sum('requests'),
    seconds,
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    non2xx: sum('non2xx'),
    statusCodes,
    runs,
  };
}

function problemsOf(label, result) {
  const problems = [];
  if (result.errors) problems.push(`${label}: ${result.errors} connection errors (${result.timeouts} timeouts)`);
  if (result.non2xx)
    problems.push(`${label}: ${result.non2xx} non-2xx responses ${JSON.stringify(result.statusCodes)}`);
  if (result.requests === 0) problems.push(`${label}: no response at all`);
  return problems;
}

const ratio = (a, b) => (a === null || b === null || b === 0 ? null : a / b);

/**
 * Measures `scenario` on `server` and `baseline` (see targets.mjs) with `settings`
 * (options.mjs); `log` reports progress. Resolves with the scenario's results.
 */
export async function compareScenario(scenario, { server, baseline, api, settings, log }) {
  const account = scenario.auth ? api.accounts[scenario.auth] : null;
  if (scenario.auth && !account) throw new Error(`no demo account '${scenario.auth}'`);
  if (scenario.setup) {
    log('setup');
    await scenario.setup(api);
  }
  const targets = {
    baseline: {
      label: 'baseline',
      origin: baseline.origin,
      process: baseline.process,
      ...requestFor(scenario, account),
      histogram: new LatencyHistogram(),
      runs: [],
    },
    server: {
      label: 'server',
      origin: server.origin,
      process: server.process,
      ...requestFor(scenario, account),
      histogram: new LatencyHistogram(),
      runs: [],
    },
  };
  const answer = await capture(server.origin, targets.server);
  await baseline.route({ method: scenario.method, path: scenario.path, ...answer });

  const run = async (target, seconds, histogram) => {
    if (target.process.exited) throw new Error(`the ${target.label} process is gone:\n${target.process.output()}`);
    const before = cpuMicrosOf(target.process.pid);
    const result = await measure({ origin: target.origin, request: target.request, settings, seconds, histogram });
    const after = cpuMicrosOf(target.process.pid);
    return { ...result, cpuMicros: before === null || after === null ? null : after - before };
  };
  log(`warm-up ${settings.warmup} s each`);
  await run(targets.baseline, settings.warmup, null);
  await run(targets.server, settings.warmup, null);
  for (let round = 0; round < settings.rounds; round++) {
    const order = round % 2 === 0 ? [targets.baseline, targets.server] : [targets.server, targets.baseline];
    for (const target of order) {
      const result = await run(target, settings.duration, target.histogram);
      target.runs.push(result);
      log(
        `round ${round + 1}/${settings.rounds} ${target.label}: ${Math.round(result.requests / result.seconds)} req/s`,
      );
    }
  }

  const results = { server: summarize(targets.server), baseline: summarize(targets.baseline) };
  const rpsRatio = ratio(results.server.rps, results.baseline.rps);
  const target = scenario.target ?? null;
  return {
    name: scenario.name,
    method: scenario.method,
    path: scenario.path,
    responseBytes: answer.body.length,
    ...results,
    target,
    met:
      target === null
        ? null
        : rpsRatio !== null &&
          rpsRatio >= target.rps &&
          (target.p99Ms === undefined || (results.server.p99 ?? Infinity) <= target.p99Ms),
    ratios: {
      rps: rpsRatio,
      p50: ratio(results.server.p50, results.baseline.p50),
      p99: ratio(results.server.p99, results.baseline.p99),
      cpu: ratio(results.server.cpuPerRequest, results.baseline.cpuPerRequest),
    },
    serverMemory: memoryOf(server.process.pid),
    problems: [...problemsOf('server', results.server), ...problemsOf('baseline', results.baseline)],
  };
}
