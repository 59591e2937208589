#!/usr/bin/env node
// What the store's checksums cost at start-up (issue 26), as a ratio measured in one run:
// `node bench/checksums.mjs [--messages N] [--rounds R]` (defaults 1,000,000 and 5).
//
// Seeds a data file of N messages (seed-store.mjs: data format 3, every line checksummed),
// writes the same store without checksums (data format 2: the checksum members and the header's
// layout taken out; the server still reads that format), then starts the built server on each,
// interleaved (unsealed, sealed, unsealed, …), and times spawning to the first answer of
// GET /server_settings, and the CPU time it used until then. The server is killed once it
// answered (a clean stop would rewrite the format 2 file). Prints the medians and their ratios.
// Run `npm run build` first.
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const SERVER_BIN = here('../packages/server/dist/bin.js');
const SEED_SCRIPT = here('./seed-store.mjs');
const log = (message) => process.stderr.write(`[bench] ${message}\n`);

/** The format 2 copy of a format 3 snapshot: the same records, no checksums, no layout. */
async function unsealed(source, target) {
  const out = createWriteStream(target, { mode: 0o600 });
  const lines = createInterface({ input: createReadStream(source), crlfDelay: Infinity });
  let first = true;
  for await (let line of lines) {
    if (first) {
      line = line
        .replace('{"format":3,', '{"format":2,')
        .replace(/"layout":\{[^}]*\},("rows":\d+,)?/, '')
        .replace(/"~crc":"[0-9a-f]{8}",/, '');
      first = false;
    } else {
      line = line.replace(/,"~crc":"[0-9a-f]{8}"(\},?)$/, '$1');
    }
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
}

/**
 * CPU seconds (user + system) `pid` has used so far, from /proc (Linux), or null; with
 * `mainThread`, only its main thread's: the start-up's critical path when the checksums are
 * checked on a worker thread (another core).
 */
function cpuSeconds(pid, mainThread = false) {
  try {
    const fields = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8')
      .split(') ')[1]
      .split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Seconds from spawning the server on `dataFile` to its first answer, and the CPU seconds it
 * used until then (less sensitive to a busy machine than the wall time).
 */
async function startUp(dataFile) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [SERVER_BIN, '--port', '0', '--data', dataFile, '--quiet', '--rate-limit', 'off'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  for (;;) {
    const response = await fetch(`${url}/api/v1/server_settings`).catch(() => null);
    if (response?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(child.pid);
  const mainCpu = cpuSeconds(child.pid, true);
  child.kill('SIGKILL');
  await once(child, 'exit');
  return { seconds, cpu, mainCpu };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const { values } = parseArgs({ options: { messages: { type: 'string' }, rounds: { type: 'string' } } });
  const messages = Number(values.messages ?? 1_000_000);
  const rounds = Number(values.rounds ?? 5);
  const dir = mkdtempSync(join(tmpdir(), 'teamchat-bench-checksums-'));
  try {
    const sealed = join(dir, 'sealed', 'data.json');
    const plain = join(dir, 'plain', 'data.json');
    spawnSync('mkdir', ['-p', join(dir, 'sealed'), join(dir, 'plain')]);
    log(`seeding ${messages} messages`);
    const seeded = spawnSync(process.execPath, [SEED_SCRIPT, sealed, String(messages)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('seeding failed');
    await unsealed(sealed, plain);
    log(
      `data files: with checksums ${(statSync(sealed).size / 2 ** 20).toFixed(0)} MiB, without ${(statSync(plain).size / 2 ** 20).toFixed(0)} MiB`,
    );
    const times = { plain: [], sealed: [] };
    const cpu = { plain: [], sealed: [] };
    const mainCpu = { plain: [], sealed: [] };
    await startUp(plain); // warm the page cache and the build
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, file] of round % 2 === 0
        ? [
            ['plain', plain],
            ['sealed', sealed],
          ]
        : [
            ['sealed', sealed],
            ['plain', plain],
          ]) {
        const measured = await startUp(file);
        times[name].push(measured.seconds);
        cpu[name].push(measured.cpu);
        mainCpu[name].push(measured.mainCpu);
        log(
          `round ${round + 1}: ${name} ${measured.seconds.toFixed(2)} s, ${String(measured.cpu)} CPU s (main thread ${String(measured.mainCpu)})`,
        );
      }
    }
    const result = {
      messages,
      rounds,
      wall: {
        withChecksums: median(times.sealed),
        withoutChecksums: median(times.plain),
        ratio: median(times.sealed) / median(times.plain),
      },
      cpu:
        cpu.plain[0] === null
          ? null
          : {
              withChecksums: median(cpu.sealed),
              withoutChecksums: median(cpu.plain),
              ratio: median(cpu.sealed) / median(cpu.plain),
            },
      mainThreadCpu:
        mainCpu.plain[0] === null
          ? null
          : {
              withChecksums: median(mainCpu.sealed),
              withoutChecksums: median(mainCpu.plain),
              ratio: median(mainCpu.sealed) / median(mainCpu.plain),
            },
      times,
      cpuTimes: cpu,
      mainThreadCpuTimes: mainCpu,
    };
    const line = (what, m, unit) =>
      `${what}: ${m.withChecksums.toFixed(2)} ${unit} with checksums, ${m.withoutChecksums.toFixed(2)} ${unit} without; ratio ${m.ratio.toFixed(3)}`;
    process.stdout.write(
      `start-up of ${messages} messages (medians of ${rounds}):\n  ${line('to the first answer', result.wall, 's')}\n`,
    );
    if (result.cpu) process.stdout.write(`  ${line('CPU until then', result.cpu, 's')}\n`);
    if (result.mainThreadCpu)
      process.stdout.write(`  ${line('CPU of the main thread until then', result.mainThreadCpu, 's')}\n`);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
