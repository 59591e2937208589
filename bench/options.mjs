// Command-line flags (and BENCH_* environment variables) of `npm run bench`.
import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run bench -- [options]

  --duration S      seconds per measurement (default 5; BENCH_DURATION)
  --connections N   concurrent connections (default 10; BENCH_CONNECTIONS)
  --pipelining N    pipelined requests per connection (default 1; BENCH_PIPELINING)
  --rounds N        measurements per target and scenario, interleaved (default 2; BENCH_ROUNDS)
  --warmup S        warm-up seconds per target and scenario (default 2; BENCH_WARMUP)
  --messages N      channel messages seeded into the server's store before the run, directly
                    through the store (default 100000; BENCH_MESSAGES)
  --startup LIST    store sizes (messages, comma-separated) of the start-up and memory rows
                    (default 100000,1000000; 0 for none; BENCH_STARTUP)
  --populate LIST   sizes of the generated-organization rows (teamchat-server --populate:
                    generation and start-up, RSS; default medium,large; 0 for none; BENCH_POPULATE)
  --simulate LIST   events per minute of the live-traffic rows (teamchat-server --simulate: the
                    messages stored and the p99 of reads meanwhile; default 600,3000,12000,30000;
                    0 for none; BENCH_SIMULATE)
  --only TEXT       run only the scenarios whose name contains TEXT (repeatable; the start-up
                    rows are named 'start-up N', the others 'populate SIZE', 'simulate N/min',
                    the mock's 'mock users.me()')
  --mock            only the mock's row: users.me() through the SDK and the MSW mock against a
                    plain MSW handler, in one process (the full run ends with it too)
  --quick           smoke run: 1 round, 1 s warm-up, 2 s measurements unless given
  -h, --help        show this help
`;

const FLAGS = {
  duration: { type: 'string' },
  connections: { type: 'string' },
  pipelining: { type: 'string' },
  rounds: { type: 'string' },
  warmup: { type: 'string' },
  messages: { type: 'string' },
  startup: { type: 'string' },
  populate: { type: 'string' },
  simulate: { type: 'string' },
  only: { type: 'string', multiple: true },
  quick: { type: 'boolean' },
  mock: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

function positive(name, value, fallback) {
  const raw = value ?? process.env[`BENCH_${name.toUpperCase()}`];
  if (raw === undefined || raw === '') return fallback;
  const number = Number(raw);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name} must be a positive number, got '${raw}'`);
  return number;
}

function integer(name, value, fallback) {
  const number = positive(name, value, fallback);
  if (!Number.isInteger(number)) throw new Error(`--${name} must be an integer, got '${number}'`);
  return number;
}

function sizes(value) {
  const raw = value ?? process.env.BENCH_STARTUP ?? '100000,1000000';
  if (raw.trim() === '0' || raw.trim() === '') return [];
  return raw.split(',').map((part) => {
    const number = Number(part.trim());
    if (!Number.isInteger(number) || number < 0)
      throw new Error(`--startup takes message counts such as 100000,1000000, got '${raw}'`);
    return number;
  });
}

/** A comma-separated list option (`0` or empty: none), each part checked by `check`. */
function list(name, value, fallback, check) {
  const raw = value ?? process.env[`BENCH_${name.toUpperCase()}`] ?? fallback;
  if (raw.trim() === '0' || raw.trim() === '') return [];
  return raw.split(',').map((part) => {
    const text = part.trim();
    if (!check(text)) throw new Error(`--${name}: '${text}' is not a valid entry of ${fallback}-like lists`);
    return /^\d+$/.test(text) ? Number(text) : text;
  });
}

function count(name, value, fallback) {
  const raw = value ?? process.env[`BENCH_${name.toUpperCase()}`];
  if (raw === undefined || raw === '') return fallback;
  const number = Number(raw);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`--${name} must be a non-negative integer, got '${raw}'`);
  return number;
}

/** The name of the mock's row (mock-bench.mjs), for `--only` and `--mock`. */
export const MOCK_ROW = 'mock users.me()';

/** Parses argv into `{ help, duration, connections, pipelining, rounds, warmup, messages, startup, only }`. */
export function parseOptions(argv) {
  const { values } = parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false });
  const quick = values.quick ?? process.env.BENCH_QUICK === '1';
  return {
    help: values.help ?? false,
    quick,
    duration: positive('duration', values.duration, quick ? 2 : 5),
    connections: integer('connections', values.connections, 10),
    pipelining: integer('pipelining', values.pipelining, 1),
    rounds: integer('rounds', values.rounds, quick ? 1 : 2),
    warmup: positive('warmup', values.warmup, quick ? 1 : 2),
    messages: count('messages', values.messages, 100_000),
    startup: sizes(values.startup),
    populate: list('populate', values.populate, 'medium,large', (text) => /^(small|medium|large|\d+)$/.test(text)),
    simulate: list(
      'simulate',
      values.simulate,
      '600,3000,12000,30000',
      (text) => /^\d+$/.test(text) && Number(text) > 0,
    ),
    only: values.mock ? [MOCK_ROW] : (values.only ?? []),
  };
}
