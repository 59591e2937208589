// The rows of issue 25: a generated organization (`--populate SIZE`: generation, the one
// snapshot and start-up, to the first answer; RSS once started) and live traffic
// (`--simulate N`: the events per minute the server sustains while its own answers stay
// within their latency target).
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseTrafficRates } from '@teamchat/traffic';
import { authHeaders } from './api.mjs';
import { LatencyHistogram } from './latency.mjs';
import { measure } from './measure.mjs';
import { memoryOf, startNode } from './processes.mjs';
import { firstAnswer } from './startup.mjs';
import { readAccounts, SERVER_BIN } from './targets.mjs';

const LISTENING = /listening on (http:\/\/\S+)/;
const GENERATED = /Generated the organization \(\d+ messages\) in ([\d.]+) s/;

/** The targets of issue 25, by populate size: seconds from spawning to the first answer. */
export function populateTarget(size) {
  if (size === 'medium') return { startSeconds: 10 };
  if (size === 'large') return { startSeconds: 60 };
  return { startSeconds: null };
}

/** The latency target of an ordinary read while traffic runs: the p99 the bench's write scenarios keep (30 ms). */
export const SIMULATE_P99_MS = 30;

/** One populate row: `teamchat-server --populate SIZE` on a fresh data file, timed to its first answer. */
export async function measurePopulate({ size, dir, log, track }) {
  const home = join(dir, `populate-${size}`);
  await mkdir(home, { recursive: true });
  try {
    const spawned = performance.now();
    const server = await startNode({
      label: `teamchat-server (--populate ${size})`,
      script: SERVER_BIN,
      args: [
        '--port',
        '0',
        '--data',
        join(home, 'data.json'),
        '--populate',
        String(size),
        '--quiet',
        '--rate-limit',
        'off',
      ],
      ready: LISTENING,
      timeoutMs: 600_000,
    });
    track(server);
    // Read at once: the accounts printed after it push it out of the kept output.
    const generated = GENERATED.exec(server.output())?.[1];
    const generatedSeconds = generated === undefined ? null : Number(generated);
    const answered = await firstAnswer(`${server.match[1]}/api/v1/server_settings`, server, 600_000);
    const startSeconds = (answered - spawned) / 1000;
    await sleep(1000);
    const afterStart = memoryOf(server.pid);
    log(
      `first answer after ${startSeconds.toFixed(1)} s (generated in ${generatedSeconds ?? '?'} s), RSS ${afterStart?.rss.toFixed(0)} MiB`,
    );
    const exit = await server.stop(120_000);
    return {
      name: `populate ${size}`,
      startSeconds,
      generatedSeconds,
      rssAfterStart: afterStart?.rss ?? null,
      target: populateTarget(size),
      problems: exit.code === 0 ? [] : [`the server exited with ${JSON.stringify(exit)}`],
    };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/**
 * One simulate row: a server on a small generated organization with `--simulate PER_MINUTE`,
 * GET /users/me under load for `settings.duration` seconds; the messages the traffic stored meanwhile.
 */
export async function measureSimulate({ perMinute, dir, settings, log, track }) {
  const home = join(dir, `simulate-${perMinute}`);
  await mkdir(home, { recursive: true });
  try {
    const server = await startNode({
      label: `teamchat-server (--simulate ${perMinute})`,
      script: SERVER_BIN,
      args: [
        '--port',
        '0',
        '--data',
        join(home, 'data.json'),
        '--populate',
        'small',
        '--simulate',
        String(perMinute),
        '--quiet',
        '--rate-limit',
        'off',
      ],
      ready: LISTENING,
      timeoutMs: 120_000,
    });
    track(server);
    const origin = server.match[1];
    const accounts = await readAccounts(home, server);
    const newest = async () => {
      const response = await fetch(`${origin}/api/v1/messages?anchor=newest&num_before=1&num_after=0`, {
        headers: authHeaders(accounts.owner),
      });
      return (await response.json()).messages?.[0]?.id ?? 0;
    };
    await sleep(1000);
    const before = await newest();
    const histogram = new LatencyHistogram();
    const started = performance.now();
    const result = await measure({
      origin,
      request: { method: 'GET', path: '/api/v1/users/me', headers: authHeaders(accounts.member) },
      settings,
      seconds: settings.duration,
      histogram,
    });
    const elapsed = (performance.now() - started) / 1000;
    const stored = (await newest()) - before;
    const rates = parseTrafficRates(String(perMinute));
    const messagesPerSecond = ((rates.channelMessages ?? 0) + (rates.directMessages ?? 0)) / 60;
    const p99 = histogram.percentile(99);
    const exit = await server.stop(60_000);
    const row = {
      name: `simulate ${perMinute}/min`,
      eventsPerSecond: perMinute / 60,
      messagesPerSecondAsked: messagesPerSecond,
      messagesPerSecondStored: stored / elapsed,
      readsPerSecond: result.requests / result.seconds,
      p99,
      target: { p99Ms: SIMULATE_P99_MS },
      problems: [
        ...(result.non2xx || result.errors ? [`reads: ${result.non2xx} non-2xx, ${result.errors} errors`] : []),
        ...(exit.code === 0 ? [] : [`the server exited with ${JSON.stringify(exit)}`]),
      ],
    };
    // Sustained: the messages asked for were stored (within 10 %) and reads kept their p99.
    row.met = p99 !== null && p99 <= SIMULATE_P99_MS && row.messagesPerSecondStored >= 0.9 * messagesPerSecond;
    log(
      `${row.messagesPerSecondStored.toFixed(1)} of ${messagesPerSecond.toFixed(1)} messages/s stored; GET /users/me p99 ${p99} ms at ${row.readsPerSecond.toFixed(0)}/s`,
    );
    return row;
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
