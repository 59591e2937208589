// The table printed at the end of `npm run bench`.

const number = (value, digits = 0) =>
  value === null || value === undefined
    ? '—'
    : value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (value) => (value === null || value === undefined ? '—' : `${number(value, value < 10 ? 3 : 1)} ms`);
const times = (value) => (value === null || value === undefined ? '—' : `${number(value, 2)}×`);
const micros = (value) => (value === null || value === undefined ? '—' : `${number(value, 1)} µs`);
const mib = (value) => (value === null || value === undefined ? '—' : `${number(value, 1)} MiB`);

function table(header, rows) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const targetText = (target) =>
  target ? `≥ ${number(target.rps, 2)}×${target.p99Ms === undefined ? '' : `, p99 ≤ ${target.p99Ms} ms`}` : '—';
const metText = (met) => (met === null || met === undefined ? '' : met ? 'yes' : 'NO');
const upTo = (value, limit, format) => (limit === null ? '—' : `≤ ${format(limit)}`);
const seconds = (value) => (value === null || value === undefined ? '—' : `${number(value, 2)} s`);

function startupRows(report) {
  return report.startup.map((s) => {
    if (s.error) return [`${s.name} !`, 'failed', ...Array(7).fill('')];
    const { target } = s;
    const met =
      (target.startSeconds === null || s.startSeconds <= target.startSeconds) &&
      (target.rssMib === null || (s.rssAfterStart ?? Infinity) <= target.rssMib) &&
      (target.peakMib === null || (s.peakRss ?? Infinity) <= target.peakMib);
    return [
      `${s.name}${s.problems.length ? ' !' : ''}`,
      mib(s.dataFileBytes / 1024 / 1024),
      seconds(s.startSeconds),
      upTo(s.startSeconds, target.startSeconds, seconds),
      mib(s.rssAfterStart),
      upTo(s.rssAfterStart, target.rssMib, mib),
      mib(s.peakRss),
      upTo(s.peakRss, target.peakMib, mib),
      metText(met),
    ];
  });
}

function lifeRows(report) {
  const populate = (report.life ?? [])
    .filter((row) => row.name.startsWith('populate'))
    .map((row) => {
      if (row.error) return [`${row.name} !`, 'failed', '', '', '', ''];
      const met = row.target.startSeconds === null || row.startSeconds <= row.target.startSeconds;
      return [
        `${row.name}${row.problems.length ? ' !' : ''}`,
        seconds(row.generatedSeconds),
        seconds(row.startSeconds),
        upTo(row.startSeconds, row.target.startSeconds, seconds),
        mib(row.rssAfterStart),
        metText(met),
      ];
    });
  const simulate = (report.life ?? [])
    .filter((row) => row.name.startsWith('simulate'))
    .map((row) => {
      if (row.error) return [`${row.name} !`, 'failed', '', '', '', '', ''];
      return [
        `${row.name}${row.problems.length ? ' !' : ''}`,
        number(row.eventsPerSecond, 1),
        number(row.messagesPerSecondAsked, 1),
        number(row.messagesPerSecondStored, 1),
        number(row.readsPerSecond, 0),
        `${ms(row.p99)} (≤ ${row.target.p99Ms} ms)`,
        metText(row.met),
      ];
    });
  return { populate, simulate };
}

/** The results as text: one row per scenario, server | baseline | server/baseline, and the start-up rows. */
export function formatReport(report) {
  const { settings } = report;
  const lines = [
    `teamchat bench — ${report.date}, Node ${report.node}, ${report.cpus} × ${report.cpu}`,
    `${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.rounds} × ${settings.duration} s per target (interleaved) after ${settings.warmup} s warm-up`,
    '',
  ];
  const rows = report.scenarios.map((s) =>
    s.error
      ? [`${s.name} !`, 'failed', ...Array(15).fill('')]
      : [
          `${s.name}${s.problems.length ? ' !' : ''}`,
          number(s.server.rps),
          number(s.baseline.rps),
          times(s.ratios.rps),
          ms(s.server.p50),
          ms(s.baseline.p50),
          times(s.ratios.p50),
          ms(s.server.p99),
          ms(s.baseline.p99),
          times(s.ratios.p99),
          micros(s.server.cpuPerRequest),
          micros(s.baseline.cpuPerRequest),
          times(s.ratios.cpu),
          number(s.responseBytes),
          mib(s.serverMemory?.rss),
          targetText(s.target),
          metText(s.met),
        ],
  );
  if (rows.length > 0) {
    if (report.seed)
      lines.push(
        `store: ${number(report.seed.messages)} messages seeded through the store in ${number(report.seed.seconds, 1)} s (${mib(report.seed.bytes / 1024 / 1024)} data file)`,
        '',
      );
    lines.push(
      table(
        [
          'scenario',
          'server req/s',
          'base req/s',
          'rps ratio',
          'server p50',
          'base p50',
          'p50 ratio',
          'server p99',
          'base p99',
          'p99 ratio',
          'server CPU/req',
          'base CPU/req',
          'CPU ratio',
          'resp bytes',
          'server RSS',
          'target',
          'met',
        ],
        rows,
      ),
    );
    lines.push(
      '',
      'ratios are server / baseline: rps ratio below 1 and latency ratios above 1 mean the server is slower than bare node:http.',
      'CPU/req: CPU time (user + system) the process used per request answered; it holds on a loaded machine, where requests per second do not.',
    );
    const { server, baseline } = report.memory;
    lines.push(
      `memory after the run: server RSS ${mib(server?.rss)} (peak ${mib(server?.peak)}), baseline RSS ${mib(baseline?.rss)} (peak ${mib(baseline?.peak)})`,
    );
  }
  const startup = startupRows(report);
  if (startup.length > 0) {
    lines.push(
      '',
      table(
        [
          'start-up and memory',
          'data file',
          'first answer',
          'target',
          'RSS after start',
          'target',
          'peak RSS (writing, shutdown)',
          'target',
          'met',
        ],
        startup,
      ),
      '',
      'first answer: from spawning the server process to its first answer; RSS 1 s after it; peak: VmHWM over the whole life of the process, with a POST /messages load and the final snapshot.',
    );
  }
  const life = lifeRows(report);
  if (life.populate.length > 0) {
    lines.push(
      '',
      table(
        ['generated organization', 'generated in', 'first answer', 'target', 'RSS after start', 'met'],
        life.populate,
      ),
    );
  }
  if (life.simulate.length > 0) {
    lines.push(
      '',
      table(
        [
          'live traffic (--simulate)',
          'events/s',
          'messages/s asked',
          'stored',
          'GET /users/me/s',
          'p99 of reads',
          'sustained',
        ],
        life.simulate,
      ),
    );
  }
  const mock = report.mock;
  if (mock) {
    lines.push(
      '',
      table(
        [
          'mock (in-process, one call after another)',
          'mock calls/s',
          'plain calls/s',
          'ratio',
          'mock ms/call',
          'plain ms/call',
          'mock CPU/call',
          'plain CPU/call',
          'resp bytes',
          'target',
          'met',
        ],
        [
          mock.error
            ? [`${mock.name} !`, 'failed', ...Array(9).fill('')]
            : [
                mock.name,
                number(mock.mock.perSecond),
                number(mock.plain.perSecond),
                times(mock.ratio),
                ms(mock.mock.msPerCall),
                ms(mock.plain.msPerCall),
                ms(mock.mock.cpuMsPerCall),
                ms(mock.plain.cpuMsPerCall),
                number(mock.responseBytes),
                `≥ ${number(mock.target.ratio, 2)}×`,
                metText(mock.met),
              ],
        ],
      ),
      '',
      'mock: the SDK calling users.me() through setupServer(...mock.handlers); plain: the same client and setupServer with one http.get answering the same bytes. ratio: mock calls/s ÷ plain calls/s.',
    );
  }
  const problems = [...report.scenarios, ...report.startup, ...(report.life ?? []), ...(mock ? [mock] : [])].flatMap(
    (s) => (s.error ? [`${s.name}: ${s.error}`] : s.problems.map((p) => `${s.name}: ${p}`)),
  );
  if (problems.length) lines.push('', 'problems (rows marked !):', ...problems.map((p) => `  ${p}`));
  return `${lines.join('\n')}\n`;
}
